import FoundationEssentials
import LectorBasics

extension DocumentChecker {
    /// Checks `{account name: [starred article, …]}` where the reader walked past it, an article
    /// at a time (none held): known accounts, every field present, web addresses where there
    /// are addresses, UTC times where there are times. The section it returns reads them again.
    mutating func starred(_ value: JSONValue, at path: String, accountNames: [String], streamed: StreamedValue?) -> StarredSection {
        var accounts: [StarredSection.Account] = []
        guard let streamed else {
            fail(path, "expected an object keyed by account name, found \(value.typeDescription)")
            return StarredSection(source: .bytes(Data()), version: version, accounts: [])
        }
        var parser = JSONParser(streamed.source, from: streamed.start)
        do {
            var names = Set<String>()
            try parser.beginObject()
            while let account = try parser.nextMember(seen: &names) {
                let accountPath = join(path, account)
                if !accountNames.contains(account) {
                    fail(accountPath, "no account named '\(account)' in accounts" + NearestMatch.hint(NearestMatch.best(for: account, among: accountNames)))
                }
                let start = parser.position
                guard parser.nextByte() == UInt8(ascii: "[") else {
                    fail(accountPath, "expected an array, found \(try parser.parseValue(depth: 2).typeDescription)")
                    continue
                }
                var count = 0
                try parser.beginArray()
                while try parser.nextElement(&count) {
                    _ = starredArticle(try parser.parseValue(depth: 3), at: "\(accountPath)[\(count - 1)]")
                }
                accounts.append(StarredSection.Account(name: account, count: count, start: start))
            }
        } catch {
            // The first reading found the text well-formed: it changed since.
            fail(path, "the file changed while it was read: \(error)")
        }
        return StarredSection(source: streamed.source, version: version, accounts: accounts)
    }

    /// One article, checked; nil when it is not an object.
    mutating func starredArticle(_ value: JSONValue, at path: String) -> ArchivedEntry? {
        let members = object(value, at: path, required: ArchivedEntry.fields)
        guard !members.isEmpty else { return nil }
        func text(_ key: String, url: Bool = false) -> String? {
            guard let member = members[key], member != .null else { return nil }
            return url ? webURL(member, at: join(path, key)) : longString(member, at: join(path, key))
        }
        func time(_ key: String) -> Date? {
            guard let stamp = text(key) else { return nil }
            guard let date = UTCTimestamp.date(stamp) else {
                fail(join(path, key), "'\(stamp)' is not an ISO-8601 UTC time such as 2026-11-29T16:40:00Z")
                return nil
            }
            return date
        }
        let labels = members["labels"].map { array($0, at: join(path, "labels")) }?.enumerated().map { index, label in
            string(label, at: "\(join(path, "labels"))[\(index)]", length: 1...200)
        } ?? []
        return ArchivedEntry(title: members["title"].map { longString($0, at: join(path, "title")) } ?? "",
                             url: text("url"), guid: text("guid"), author: text("author"), contentHTML: text("content"),
                             publishedAt: time("published_at"), updatedAt: time("updated_at"),
                             feedTitle: members["feed_title"].map { longString($0, at: join(path, "feed_title")) } ?? "",
                             feedURL: text("feed_url", url: true), siteURL: text("site_url", url: true), labels: labels)
    }

    /// A string of any length (an article's content, a title a feed made long).
    private mutating func longString(_ value: JSONValue, at path: String) -> String {
        guard case .string(let text) = value else {
            fail(path, "expected a string, found \(value.typeDescription)")
            return ""
        }
        return text
    }
}
