import LectorHTTP
import LectorStore
import LectorSync

/// The flush that follows every mark (read, unread, star, unstar, mark-all-read, and reading an
/// article): a push and nothing else, with a 3-second deadline, so the change reaches the server
/// when it is made. A failure is not an error: the change stays queued and the next sync sends it.
enum MarkFlush {
    /// Pushes the queued changes of each server account among `accountIDs`: true when all were
    /// sent, false when one stays queued, nil when none of the accounts has a server.
    static func push(accountIDs: Set<Int64>, store: Store, session: Session) throws(CLIError) -> Bool? {
        let accounts = try CLIError.catching { try store.accounts.all() }.filter { accountIDs.contains($0.id) && $0.kind != .local }
        guard !accounts.isEmpty else { return nil }
        return accounts.map { pushed($0, store: store, session: session) }.allSatisfy { $0 }
    }

    private static func pushed(_ account: Account, store: Store, session: Session) -> Bool {
        let quick = HTTPClient(configuration: HTTPClientConfiguration(deadline: .seconds(3), idleTimeout: .seconds(3)))
        // A missing key or an unreachable keyring only delays the flush to the next sync.
        guard let provider = try? Providers.make(for: account, secret: session.secret(for: account), http: quick) else { return false }
        do {
            try SyncEngine(store: store, account: account, provider: provider).push()
            return true
        } catch {
            return false
        }
    }

    /// How a mark's output line ends: whether the change reached the server.
    static func ending(_ sent: Bool?) -> String {
        switch sent {
        case true?: ", sent."
        case false?: ", sent at the next sync."
        case nil: "."
        }
    }
}
