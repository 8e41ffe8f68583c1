/// One change to a feed's server settings: `value` sets (flags as `on`/`off`, lines joined by
/// newlines, a secret's value itself), nil clears; `password` is `server-login`'s secret.
public struct FeedSettingChange: Sendable, Equatable {
    public var key: FeedSettingKey
    public var value: String?
    public var password: String?

    public init(key: FeedSettingKey, value: String?, password: String? = nil) {
        self.key = key
        self.value = value
        self.password = password
    }

    /// What the store keeps of it: of a secret only the marker `set`, of a login only its user; nil clears.
    /// A value with a secret part (a proxy's password, an `Authorization:` line) keeps the marker in its place.
    public var storedValue: String? {
        switch key.shape {
        case .secret: value == nil ? nil : FeedSettingKey.secretMarker
        default: value.map(key.storable)
        }
    }

    /// The secret the keyring keeps for it (a cookie, a login's password, a whole value with a
    /// secret part); nil forgets it.
    public var secret: String? {
        switch key.shape {
        case .secret: value
        case .login: value == nil ? nil : password
        default: value.flatMap { key.revealsSecret($0) ? $0 : nil }
        }
    }

    /// Whether the keyring's entry for it changes: a value whose secret part is only the marker
    /// (a plan from a backup, `feed set` of what `feed show` printed) leaves the kept one as it is.
    public var changesKeyring: Bool {
        if key.holdsSecret { return true }
        guard key.mayCarrySecret else { return false }
        guard let value else { return true }
        return !(key.carriesSecret(value) && !key.revealsSecret(value))
    }
}

/// The feed as the server's settings see it: how providers name it, and its title and folder
/// (FreshRSS's import takes whole outlines).
public struct FeedSettingsTarget: Sendable, Equatable {
    public var reference: RemoteFeedReference
    public var title: String

    public init(reference: RemoteFeedReference, title: String) {
        self.reference = reference
        self.title = title
    }
}
