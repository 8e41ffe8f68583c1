/// Where Lector keeps account passwords, API keys and per-feed HTTP logins, and nowhere else.
public protocol SecretStore: Sendable {
    /// Stores `secret` for `item`, replacing any secret it had.
    func store(_ secret: String, for item: SecretItem) throws(KeyringError)

    /// The secret stored for `item`, or nil if there is none.
    func secret(for item: SecretItem) throws(KeyringError) -> String?

    /// Deletes the secret stored for `item`; false if there was none.
    @discardableResult
    func remove(_ item: SecretItem) throws(KeyringError) -> Bool

    /// Deletes every secret of the account with this id, whatever its server or user; false if there was none.
    @discardableResult
    func removeAll(accountID: String) throws(KeyringError) -> Bool

    /// Deletes every login and setting secret stored for the feed with this id and address, whatever its user; false
    /// if there was none. The address is part of the match because feed ids are a store's own:
    /// two stores of one user (another LECTOR_HOME) both have a feed 1, and removing one feed must
    /// not take the other's login.
    @discardableResult
    func removeAll(feedID: String, url: String) throws(KeyringError) -> Bool

    /// Whether secrets can be stored and read right now, and if not, why.
    func status() -> KeyringStatus
}
