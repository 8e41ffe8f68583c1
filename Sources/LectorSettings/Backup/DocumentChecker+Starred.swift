extension DocumentChecker {
    /// Checks `{account name: [starred article, …]}`: known accounts, every field present,
    /// web addresses where there are addresses, UTC times where there are times.
    mutating func starred(_ value: JSONValue, at path: String, accountNames: [String]) -> [String: [BackupStarredArticle]] {
        guard case .object(let byAccount) = value else {
            fail(path, "expected an object keyed by account name, found \(value.typeDescription)")
            return [:]
        }
        var result: [String: [BackupStarredArticle]] = [:]
        for account in byAccount.keys.sorted() {
            let accountPath = join(path, account)
            if !accountNames.contains(account) {
                fail(accountPath, "no account named '\(account)' in accounts" + NearestMatch.hint(NearestMatch.best(for: account, among: accountNames)))
            }
            result[account] = array(byAccount[account]!, at: accountPath).enumerated().compactMap { index, element in
                starredArticle(element, at: "\(accountPath)[\(index)]")
            }
        }
        return result
    }

    private mutating func starredArticle(_ value: JSONValue, at path: String) -> BackupStarredArticle? {
        let members = object(value, at: path, required: BackupStarredArticle.fields)
        guard !members.isEmpty else { return nil }
        func text(_ key: String, url: Bool = false) -> String? {
            guard let member = members[key], member != .null else { return nil }
            return url ? webURL(member, at: join(path, key)) : longString(member, at: join(path, key))
        }
        func time(_ key: String) -> String? {
            guard let stamp = text(key) else { return nil }
            if !BackupReader.isUTCTimestamp(stamp) { fail(join(path, key), "'\(stamp)' is not an ISO-8601 UTC time such as 2026-11-29T16:40:00Z") }
            return stamp
        }
        let labels = members["labels"].map { array($0, at: join(path, "labels")) }?.enumerated().map { index, label in
            string(label, at: "\(join(path, "labels"))[\(index)]", length: 1...200)
        } ?? []
        return BackupStarredArticle(title: members["title"].map { longString($0, at: join(path, "title")) } ?? "",
                                    url: text("url"), guid: text("guid"), author: text("author"), content: text("content"),
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
