import FoundationEssentials
import LectorBasics

extension DocumentChecker {
    /// Checks the account list: known kinds, unique names, at most one default, no secrets. `names`
    /// has every account's name, also of one whose kind is unknown, for checking what refers to it.
    mutating func accounts(_ value: JSONValue, at path: String) -> (accounts: [BackupAccount], names: [String]) {
        var accounts: [BackupAccount] = []
        var names: [String] = []
        var firstByName: [String: (index: Int, name: String)] = [:]
        var defaultIndex: Int?
        for (index, element) in array(value, at: path).enumerated() {
            let itemPath = "\(path)[\(index)]"
            let members = object(element, at: itemPath, required: ["kind", "name", "url", "user", "default"],
                                 optional: ["plain_http_host"])
            guard !members.isEmpty else { continue }
            let kind = accountKind(members["kind"], at: join(itemPath, "kind"))
            let name = members["name"].map { string($0, at: join(itemPath, "name"), length: 1...100) } ?? ""
            let url = members["url"].flatMap { nullableString($0, at: join(itemPath, "url"), isWebURL: true) }
            let user = members["user"].flatMap { nullableString($0, at: join(itemPath, "user")) }
            let isDefault = members["default"].map { bool($0, at: join(itemPath, "default")) } ?? false
            let plainHTTPHost = members["plain_http_host"].flatMap { nullableString($0, at: join(itemPath, "plain_http_host")) }
            if let plainHTTPHost, plainHTTPHost != Self.plainHTTPHost(of: url) {
                fail(join(itemPath, "plain_http_host"), "'\(plainHTTPHost)' is not the host of a plain http:// url: "
                     + "the consent to plain http covers only the account's own http:// host (or is null)")
            }
            // The store compares names as SQLite's NOCASE does, folding A–Z only: 'L' and 'l' are
            // one account there, 'Ä' and 'ä' two.
            let key = String(name.unicodeScalars.map { ("A"..."Z").contains($0) ? Character(Unicode.Scalar($0.value + 32)!) : Character($0) })
            if let first = firstByName[key], !name.isEmpty {
                fail(join(itemPath, "name"), first.name == name
                     ? "'\(name)' is already the name of \(path)[\(first.index)]; account names must be unique"
                     : "'\(name)' is already the name of \(path)[\(first.index)] ('\(first.name)'); account names are compared without case")
            } else {
                firstByName[key] = (index, name)
            }
            if isDefault {
                if let previous = defaultIndex {
                    fail(join(itemPath, "default"), "more than one default account (\(path)[\(previous)] is already the default)")
                } else {
                    defaultIndex = index
                }
            }
            names.append(name)
            // An unknown kind has been reported: the document is refused, and the account is not made up.
            guard let kind else { continue }
            accounts.append(BackupAccount(kind: kind, name: name, url: url, user: user, isDefault: isDefault,
                                          plainHTTPHost: plainHTTPHost))
        }
        return (accounts, names)
    }

    /// The lower-cased host of an http:// URL; nil for https or no URL.
    static func plainHTTPHost(of url: String?) -> String? {
        guard let url, let parsed = URL(string: url), parsed.scheme?.lowercased() == "http" else { return nil }
        return parsed.host?.lowercased()
    }

    private mutating func accountKind(_ value: JSONValue?, at path: String) -> AccountKind? {
        guard let value else { return nil }
        let known = AccountKind.allCases.map(\.rawValue)
        guard let name = value.stringValue else {
            fail(path, "expected one of \(known.joined(separator: ", ")), found \(value.typeDescription)")
            return nil
        }
        guard let kind = AccountKind(rawValue: name) else {
            fail(path, "'\(name)' is not one of \(known.joined(separator: ", "))" + NearestMatch.hint(NearestMatch.best(for: name, among: known)))
            return nil
        }
        return kind
    }

    /// Checks `{account name: {folders, feeds}}`: accounts exist, folders unique, feeds unique and in known folders.
    mutating func subscriptions(_ value: JSONValue, at path: String, accountNames: [String]) -> [String: BackupSubscriptions] {
        guard case .object(let byAccount) = value else {
            fail(path, "expected an object keyed by account name, found \(value.typeDescription)")
            return [:]
        }
        var result: [String: BackupSubscriptions] = [:]
        for account in byAccount.keys.sorted() {
            let accountPath = join(path, account)
            if !accountNames.contains(account) {
                fail(accountPath, "no account named '\(account)' in accounts" + NearestMatch.hint(NearestMatch.best(for: account, among: accountNames)))
            }
            let members = object(byAccount[account]!, at: accountPath, required: ["folders", "feeds"])
            let folders = folderNames(members["folders"], at: join(accountPath, "folders"))
            let feeds = feeds(members["feeds"], at: join(accountPath, "feeds"), folders: folders)
            result[account] = BackupSubscriptions(folders: folders, feeds: feeds)
        }
        return result
    }

    private mutating func folderNames(_ value: JSONValue?, at path: String) -> [String] {
        guard let value else { return [] }
        var names: [String] = []
        for (index, element) in array(value, at: path).enumerated() {
            let name = string(element, at: "\(path)[\(index)]", length: 1...200)
            if names.contains(name) { fail("\(path)[\(index)]", "folder '\(name)' is listed twice") }
            names.append(name)
        }
        return names
    }

    private mutating func feeds(_ value: JSONValue?, at path: String, folders: [String]) -> [BackupFeed] {
        guard let value else { return [] }
        var feeds: [BackupFeed] = []
        for (index, element) in array(value, at: path).enumerated() {
            let itemPath = "\(path)[\(index)]"
            let members = object(element, at: itemPath, required: ["title", "url", "site_url", "folder"],
                                 optional: ["login_user", "plain_http_host", "title_placeholder", "read_articles", "starred_articles", "server_settings"])
            guard !members.isEmpty else { continue }
            let title = members["title"].map { string($0, at: join(itemPath, "title"), length: 0...1000) } ?? ""
            let url = members["url"].map { webURL($0, at: join(itemPath, "url")) } ?? ""
            let site = members["site_url"].flatMap { nullableString($0, at: join(itemPath, "site_url"), isWebURL: true) }
            let folder = members["folder"].flatMap { nullableString($0, at: join(itemPath, "folder")) }
            if let folder, !folders.contains(folder) {
                fail(join(itemPath, "folder"), "'\(folder)' is not in this account's folders" + NearestMatch.hint(NearestMatch.best(for: folder, among: folders)))
            }
            if feeds.contains(where: { $0.url == url }), !url.isEmpty {
                fail(join(itemPath, "url"), "this feed is listed twice for the account")
            }
            let loginUser = members["login_user"].flatMap { nullableString($0, at: join(itemPath, "login_user")) }
            let plainHTTPHost = members["plain_http_host"].flatMap { nullableString($0, at: join(itemPath, "plain_http_host")) }
            if let plainHTTPHost, plainHTTPHost != Self.plainHTTPHost(of: url) {
                fail(join(itemPath, "plain_http_host"), "'\(plainHTTPHost)' is not the host of a plain http:// url: "
                     + "the consent to plain http covers only the feed's own http:// host (or is null)")
            }
            let placeholder = members["title_placeholder"].map { bool($0, at: join(itemPath, "title_placeholder")) } ?? false
            let read = members["read_articles"].map { identities($0, at: join(itemPath, "read_articles")) } ?? []
            let starred = members["starred_articles"].map { identities($0, at: join(itemPath, "starred_articles")) } ?? []
            let settings = members["server_settings"].map { serverSettings($0, at: join(itemPath, "server_settings")) } ?? [:]
            feeds.append(BackupFeed(title: title, url: url, siteURL: site, folder: folder, loginUser: loginUser, plainHTTPHost: plainHTTPHost,
                                    titleIsPlaceholder: placeholder, readArticles: read, starredArticles: starred, serverSettings: settings))
        }
        return feeds
    }

    /// A feed's server settings: an object of strings, by key name (format 1.4).
    private mutating func serverSettings(_ value: JSONValue, at path: String) -> [String: String] {
        guard case .object(let members) = value else {
            fail(path, "expected an object of setting names and values, found \(value.typeDescription)")
            return [:]
        }
        var settings: [String: String] = [:]
        for (key, element) in members.sorted(by: { $0.key < $1.key }) {
            settings[key] = string(element, at: join(path, key), length: 0...100_000)
        }
        return settings
    }

    /// Article identities (a feed's read or starred articles): non-empty strings, each once.
    private mutating func identities(_ value: JSONValue, at path: String) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for (index, element) in array(value, at: path).enumerated() {
            let identity = string(element, at: "\(path)[\(index)]", length: 1...2048)
            guard element.stringValue != nil else { continue }
            if !seen.insert(identity).inserted { fail("\(path)[\(index)]", "'\(identity)' is listed twice") }
            result.append(identity)
        }
        return result
    }

    /// Checks the reading list: known accounts, web URLs, no repeats.
    mutating func readingList(_ value: JSONValue, at path: String, accountNames: [String]) -> [ReadingListEntry] {
        var entries: [ReadingListEntry] = []
        for (index, element) in array(value, at: path).enumerated() {
            let itemPath = "\(path)[\(index)]"
            let members = object(element, at: itemPath, required: ["account", "article_url", "title"])
            guard !members.isEmpty else { continue }
            let account = members["account"].map { string($0, at: join(itemPath, "account"), length: 1...100) } ?? ""
            if members["account"]?.stringValue != nil, !accountNames.contains(account) {
                fail(join(itemPath, "account"), "no account named '\(account)' in accounts" + NearestMatch.hint(NearestMatch.best(for: account, among: accountNames)))
            }
            let url = members["article_url"].map { webURL($0, at: join(itemPath, "article_url")) } ?? ""
            let title = members["title"].map { string($0, at: join(itemPath, "title"), length: 0...1000) } ?? ""
            if entries.contains(where: { $0.account == account && $0.articleURL == url }) {
                fail(join(itemPath, "article_url"), "this article is listed twice for the account")
            }
            entries.append(ReadingListEntry(account: account, articleURL: url, title: title))
        }
        return entries
    }
}
