/// The services Lector can hold an account on: the one list, for the store, backups, sync and the
/// CLI. The raw values are the stored ones (the `accounts.kind` column, a backup's `kind`), so a
/// case is never renamed; the order is the one `--help` and the backup schema list them in.
/// What each service is and can do is said beside its provider (LectorSync), not here.
public enum AccountKind: String, CaseIterable, Sendable, Codable {
    case freshrss, miniflux, fever, feedbin, ttrss, local
}

extension AccountKind {
    /// Whether an account of this kind syncs with a server, and so has an address, a user and a
    /// secret in the keyring; a local account has none: Lector fetches its feeds itself.
    public var hasServer: Bool { self != .local }
}

extension AccountKind {
    /// Whether the server keeps labels on articles that a client can change: FreshRSS (its user
    /// labels, `edit-tag` with `user/-/label/NAME`). Miniflux's entry tags cannot be changed
    /// through its API, Fever and Feedbin have none: there, as in a local account, labels are
    /// kept in the store alone.
    public var keepsLabelsOnServer: Bool { self == .freshrss || self == .ttrss }

    /// Whether labels travel into an account of this kind (`account copy`, a restore's starred
    /// articles): where the server keeps them, and a local account, whose labels are its own.
    public var takesLabels: Bool { keepsLabelsOnServer || self == .local }
}
