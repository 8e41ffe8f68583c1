/// The services Lector can hold an account on: the one list, for the store, backups, sync and the
/// CLI. The raw values are the stored ones (the `accounts.kind` column, a backup's `kind`), so a
/// case is never renamed; the order is the one `--help` and the backup schema list them in.
/// What each service is and can do is said beside its provider (LectorSync), not here.
public enum AccountKind: String, CaseIterable, Sendable, Codable {
    case freshrss, miniflux, fever, feedbin, ttrss, local
}

extension AccountKind {
    /// The kind of an account with no server, whose feeds Lector fetches itself: what `account add
    /// local`, a first subscription's provisional account and the demo library make.
    public static var serverless: AccountKind { .local }

    /// Whether an account of this kind syncs with a server, and so has an address, a user and a
    /// secret in the keyring; a local account has none: Lector fetches its feeds itself.
    public var hasServer: Bool { self != .serverless }
}

extension AccountKind {
    /// Whether the store queues a label change for the account's server: FreshRSS's user labels
    /// (`edit-tag` with `user/-/label/NAME`), TT-RSS's labels (`setArticleLabel`). Only the store asks this (it sits below the
    /// services); everything above asks the descriptor, `service.capabilities.keepsLabelsOnServer`,
    /// which a test holds equal to it.
    public var queuesLabelsForServer: Bool { self == .freshrss || self == .ttrss }
}
