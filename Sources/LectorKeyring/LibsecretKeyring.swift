import SecretShim

/// The Secret Service (gnome-keyring, KeePassXC, …) on the session bus, through libsecret.
/// Items go to the default keyring. libsecret keeps one bus connection per process, so the bus
/// is the one named by `DBUS_SESSION_BUS_ADDRESS` when the first call is made.
public struct LibsecretKeyring: SecretStore {
    /// A keyring on the current session bus.
    public init() {}

    public func store(_ secret: String, for item: SecretItem) throws(KeyringError) {
        try ShimCall.run { error in
            item.attributes.withCArrays { keys, values, count in
                ks_store(item.schema, item.label, secret, keys, values, count, error)
            }
        }
    }

    public func secret(for item: SecretItem) throws(KeyringError) -> String? {
        var found: UnsafeMutablePointer<CChar>?
        let result = try ShimCall.run { error in
            item.attributes.withCArrays { keys, values, count in
                ks_lookup(item.schema, keys, values, count, &found, error)
            }
        }
        guard result == .done, let found else { return nil }
        defer { ks_secret_free(found) }
        return String(cString: found)
    }

    @discardableResult
    public func remove(_ item: SecretItem) throws(KeyringError) -> Bool {
        try clear(schema: item.schema, item.attributes)
    }

    @discardableResult
    public func removeAll(accountID: String) throws(KeyringError) -> Bool {
        try clear(schema: SecretItem.accountSchema, SecretItem.accountAttributes(id: accountID))
    }

    @discardableResult
    public func removeAll(feedID: String, url: String) throws(KeyringError) -> Bool {
        let attributes = SecretItem.feedAttributes(id: feedID, url: url)
        let logins = try clear(schema: SecretItem.feedLoginSchema, attributes)
        return try clear(schema: SecretItem.feedSettingSchema, attributes) || logins
    }

    public func status() -> KeyringStatus {
        var error = ks_error()
        defer { ks_error_clear(&error) }
        switch ks_status(&error) {
        case 0: return .available
        case 1: return .unavailable(.locked)
        case 2: return .unavailable(.noDefaultCollection)
        default: return .unavailable(KeyringError(error))
        }
    }

    private func clear(schema: String, _ attributes: [(key: String, value: String)]) throws(KeyringError) -> Bool {
        try ShimCall.run { error in
            attributes.withCArrays { keys, values, count in
                ks_clear(schema, keys, values, count, error)
            }
        } == .done
    }
}
