import FoundationEssentials
import LectorBasics
import LectorSettings
import LectorStore
import LectorSync

/// What `backup export` wrote: the document without its starred articles (those were written
/// as they arrived, never all held), how many there were, and what had to be left out.
public struct ExportedBackup {
    public let document: BackupDocument
    /// Nil when the section was not exported.
    public let starredCount: Int?
    /// One line per account whose starred articles are not (all) in the file, and why (default sections only).
    public let notes: [String]
}

/// Where an export writes, a piece at a time, in order; false stops it (the writer keeps why).
public typealias ExportSink = (Data) -> Bool

extension AccountManager {
    /// The backup of the chosen sections, written to `json` as it is made; with `starred`, every
    /// starred article of each account, page by page from its server (a local account's from the
    /// store), also to `atom` as an Atom feed when given. `starredAskedFor`: the user named the
    /// section, so an account whose server cannot be asked is an error, not a note.
    public func exportBackup(of sections: Set<BackupSection>, starredAskedFor: Bool, preferences: Preferences, profiles: [Profile],
                             toolVersion: String, writing json: @escaping ExportSink, atom: ExportSink? = nil, now: Date = Date()) throws(AccountsError) -> ExportedBackup {
        let withStarred = sections.contains(.starred)
        // The section names its accounts: they are written with it.
        let document = try backup(of: withStarred ? sections.union([.accounts]) : sections, preferences: preferences,
                                  profiles: profiles, toolVersion: toolVersion)
        guard withStarred, case .object(var root) = document.jsonValue else {
            _ = json(document.encoded())
            return ExportedBackup(document: document, starredCount: nil, notes: [])
        }
        // The file as it would be with a marker for the section, split where the section goes.
        root["starred"] = .string(Self.starredMarker)
        let text = JSONValue.object(root).canonicalText(pretty: true) + "\n"
        guard let place = text.firstRange(of: JSONValue.string(Self.starredMarker).canonicalText()) else {
            throw .storing(StoreError.failed("the backup could not be laid out"))
        }
        var writer = StarredSectionWriter(json: json, atom: atom, now: now)
        guard writer.begin(head: String(text[..<place.lowerBound])) else { return ExportedBackup(document: document, starredCount: 0, notes: []) }
        var notes: [String] = []
        for account in try storing({ try store.accounts.all() }).filter({ !$0.isDemo }).sorted(by: { $0.name < $1.name }) {
            guard writer.beginAccount(account.name) else { break }
            do throws(AccountsError) {
                try starredArchive(of: account) { page in try writer.write(page) }
            } catch {
                if writer.stopped { break }
                if starredAskedFor { throw error }
                notes.append("the starred articles of '\(account.name)' are not (all) in the backup: \(error.description)")
            }
            guard writer.endAccount() else { break }
        }
        _ = writer.end(tail: String(text[place.upperBound...]))
        return ExportedBackup(document: document, starredCount: writer.total, notes: notes)
    }

    /// Stands where the section goes while the rest of the file is laid out.
    static let starredMarker = "\u{1}lector-starred-section\u{1}"

    /// Every starred article of `account`, a page at a time: a server account's from its server,
    /// then those of its feeds that left the server's list (only the store keeps them). First,
    /// those a restore keeps for the account's first sync: only the store has them, and they go
    /// into the backup even when the server cannot be asked yet (no secret).
    public func starredArchive(of account: Account, page: ([ArchivedEntry]) throws -> Void) throws(AccountsError) {
        var waitingAfter = -1
        while true {
            let waiting = try storing { try store.starredWaiting.page(accountID: account.id, after: waitingAfter, limit: StarredSection.pageSize) }
            guard let last = waiting.last?.position else { break }
            do { try page(waiting.map(\.entry)) } catch { throw .storing(error) }
            waitingAfter = last
        }
        let provider = try provider(for: account)
        do { try provider.starredArchive(of: account, in: store, page: page) } catch { throw .sync(error) }
        // A feed the server stopped listing keeps its starred articles only here.
        if account.kind.hasServer {
            let departed = try storing { try store.feeds.leftServer(accountID: account.id) }
            if !departed.isEmpty {
                do { try StoredStarredArchive(store: store, account: account, onlyFeeds: departed).starredArchive(page: page) } catch { throw .sync(error) }
            }
        }
    }
}

/// Writes the `starred` section as the canonical writer lays it out (sorted keys, two-space
/// indent), a page at a time, and the same articles to the Atom feed.
struct StarredSectionWriter {
    let json: ExportSink
    let atom: ExportSink?
    let now: Date
    private(set) var total = 0
    private(set) var stopped = false
    private var accounts = 0
    private var inAccount = 0

    init(json: @escaping ExportSink, atom: ExportSink?, now: Date) {
        self.json = json
        self.atom = atom
        self.now = now
    }

    private mutating func emit(_ text: String) -> Bool {
        if !stopped && !json(Data(text.utf8)) { stopped = true }
        return !stopped
    }

    mutating func begin(head: String) -> Bool {
        if let atom, !atom(StarredAtom.head(now: now)) { stopped = true }
        return emit(head + "{")
    }

    mutating func beginAccount(_ name: String) -> Bool {
        defer { accounts += 1; inAccount = 0 }
        return emit((accounts > 0 ? "," : "") + "\n    " + JSONValue.string(name).canonicalText() + ": [")
    }

    /// One page; throws to stop the archive when a writer failed.
    mutating func write(_ articles: [ArchivedEntry]) throws {
        var chunk = ""
        for article in articles {
            chunk += (inAccount > 0 ? "," : "") + "\n      " + article.jsonValue.canonicalText(pretty: true).replacingAll("\n", with: "\n      ")
            inAccount += 1
        }
        if let atom, !stopped, !atom(StarredAtom.entries(articles, now: now)) { stopped = true }
        guard emit(chunk) else { throw StoreError.failed("the backup could not be written") }
        total += articles.count
    }

    mutating func endAccount() -> Bool { emit(inAccount == 0 ? "]" : "\n    ]") }

    mutating func end(tail: String) -> Bool {
        if let atom, !stopped, !atom(StarredAtom.tail) { stopped = true }
        return emit((accounts == 0 ? "}" : "\n  }") + tail)
    }
}
