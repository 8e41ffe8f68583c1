import LectorStore
import LectorSync

/// When a mark is sent to the servers.
public enum MarkPush: Sendable, Equatable {
    /// Right after the change, with a short deadline (`flushMarks`); a server that cannot be
    /// reached leaves the intent queued for the next sync, which is no error.
    case now
    /// Not here: the caller sends the queued intents itself — `browse` after a run of keys
    /// (`ArticleBrowser.flush`), a copy or a restore with its account's own push.
    case later
}

/// What a mark did: how many articles changed, the accounts of the articles marked (their
/// changes wait in the queue until pushed) and, for `.now`, whether the change reached the
/// servers (nil: nothing changed, no server account involved, or `.later`).
public struct MarkOutcome: Sendable, Equatable {
    public var changed: Int
    public var accountIDs: Set<Int64>
    public var sent: Bool?

    public init(changed: Int, accountIDs: Set<Int64>, sent: Bool?) {
        self.changed = changed
        self.accountIDs = accountIDs
        self.sent = sent
    }
}

extension AccountManager {
    /// Marks articles read or unread, starred or not — the one way articles' state changes
    /// (issue 40: one door per noun). The CLI, the REPL, `browse`'s model, a copy's and a
    /// restore's stars all come here: the state is written locally with, for an account with a
    /// server, the intent to tell it, in one transaction; then (`.now`) the intents are pushed.
    /// This is the single choke point for marks: a journal of marks (undo) belongs here.
    /// An id that names no stored article is refused before anything changes.
    @discardableResult
    public func mark(_ articleIDs: [Int64], as mark: ArticleMark, push: MarkPush = .now) throws(AccountsError) -> MarkOutcome {
        var accountIDs: Set<Int64> = []
        for id in articleIDs {
            guard let article = try storing({ try store.articles.article(id) }) else { throw .unknownArticle(id) }
            accountIDs.insert(article.accountID)
        }
        let changed = try storing { () throws(StoreError) -> Int in try store.states.mark(articleIDs, as: mark) }
        let sent = changed == 0 || push == .later ? nil : try flushMarks(accountIDs: accountIDs)
        return MarkOutcome(changed: changed, accountIDs: accountIDs, sent: sent)
    }

    /// Marks read everything in the query's scope that arrived before now, as
    /// `ArticleStateChanges.markAllRead` does: the stored articles at once and, for a server
    /// account, one scope read the server applies to its own entries too. `accountIDs` are the
    /// server accounts with a scope read queued; `.now` pushes them. A mark too: journal it here.
    @discardableResult
    public func markAllRead(_ query: ArticleQuery, push: MarkPush = .now) throws(AccountsError) -> MarkOutcome {
        let result = try storing { try store.states.markAllRead(query) }
        let accountIDs = Set(result.queuedAccountIDs)
        let sent = push == .later ? nil : try flushMarks(accountIDs: accountIDs)
        return MarkOutcome(changed: result.changed, accountIDs: accountIDs, sent: sent)
    }
}

/// The administrator's stars through the core's door (see `AccountAdministrator.marks`).
struct CoreStarring: ArticleStarring {
    let manager: AccountManager

    func star(_ articleIDs: [Int64]) throws(AdministrationError) {
        do throws(AccountsError) {
            try manager.mark(articleIDs, as: .star, push: .later)
        } catch {
            switch error {
            case .store(let cause): throw .store(cause)
            case .administration(let cause): throw cause
            default: throw .store(.conflict(error.description))
            }
        }
    }
}
