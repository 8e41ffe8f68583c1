import LectorAccounts

/// The flush that follows every mark: the core pushes (see `AccountManager.flushMarks`); the CLI
/// says whether the change reached the server.
enum MarkFlush {
    /// True when the queued changes of every server account among `accountIDs` were sent, false
    /// when one stays queued for the next sync, nil when none of the accounts has a server.
    static func push(accountIDs: Set<Int64>, session: Session) throws(CLIError) -> Bool? {
        try session.accounts { (manager) throws(AccountsError) in try manager.flushMarks(accountIDs: accountIDs) }
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
