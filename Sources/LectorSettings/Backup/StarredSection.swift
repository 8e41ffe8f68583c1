import FoundationEssentials
import LectorBasics

/// A backup's `starred` section as a restore uses it: checked whole when the file was read, but
/// not held; how many articles each account has, and each account's articles read again from
/// the file a page at a time.
public struct StarredSection: Sendable, Equatable {
    /// One account's articles: how many, and where their array starts in the file.
    public struct Account: Sendable, Equatable {
        public let name: String
        public let count: Int
        let start: JSONPosition
    }

    /// Articles handed over at a time.
    public static let pageSize = 500

    let source: JSONSource
    /// The file's version, which its check was made against.
    let version: FormatVersion
    /// In the file's order (sorted by name in a file Lector wrote).
    public let accounts: [Account]

    /// How many articles each account has.
    public var counts: [String: Int] {
        Dictionary(accounts.map { ($0.name, $0.count) }, uniquingKeysWith: +)
    }

    /// Every account's articles together.
    public var total: Int { accounts.map(\.count).reduce(0, +) }

    /// The articles of `account`, in the file's order, `size` at a time: each page is checked
    /// before it is handed over (the file could have changed since it was read), and the next
    /// page is read only once `body` has returned.
    public func forEachPage(of account: String, size: Int = pageSize, _ body: ([ArchivedEntry]) throws -> Void) throws {
        for place in accounts where place.name == account {
            var parser = JSONParser(source, from: place.start)
            var checker = DocumentChecker(kind: .backup, version: version)
            var page: [ArchivedEntry] = []
            var count = 0
            do {
                guard parser.nextByte() == UInt8(ascii: "[") else { throw changed(account) }
                try parser.beginArray()
                while try parser.nextElement(&count) {
                    if let entry = checker.starredArticle(try parser.parseValue(depth: 3), at: "starred.\(account)[\(count - 1)]") { page.append(entry) }
                    guard checker.violations.isEmpty else { throw BackupError.invalid(.backup, checker.violations) }
                    if page.count >= size {
                        try body(page)
                        page.removeAll(keepingCapacity: true)
                    }
                }
            } catch let error as JSONParseError {
                if parser.readFailed, case .file(let path) = source { throw BackupError.unreadable(path) }
                throw BackupError.notJSON(.backup, error)
            }
            if !page.isEmpty { try body(page) }
        }
    }

    /// The whole section as the file holds it (for `backup inspect --json`: every article in memory).
    public func jsonValue() throws -> JSONValue {
        var byAccount: [String: JSONValue] = [:]
        for account in accounts {
            var articles: [JSONValue] = []
            try forEachPage(of: account.name) { page in articles += page.map(\.jsonValue) }
            byAccount[account.name] = .array(articles)
        }
        return .object(byAccount)
    }

    private func changed(_ account: String) -> BackupError {
        .invalid(.backup, [SchemaViolation(path: "starred.\(account)", problem: "the file changed after it was checked; read it again")])
    }
}
