import FoundationEssentials

/// How items look in the Secret Service: a schema name, identifying attributes and a label.
/// Every attribute takes part in matching, so items differing in any one of them never collide.
extension SecretItem {
    static let accountSchema = "org.lector.Account"
    static let feedLoginSchema = "org.lector.FeedLogin"
    static let feedSettingSchema = "org.lector.FeedSetting"

    var schema: String {
        switch self {
        case .account: Self.accountSchema
        case .feedLogin: Self.feedLoginSchema
        case .feedSetting: Self.feedSettingSchema
        }
    }

    var attributes: [(key: String, value: String)] {
        switch self {
        case let .account(id, kind, server, user):
            [("account-id", id), ("kind", kind), ("server", server), ("user", user)]
        case let .feedLogin(feedID, url, user):
            [("feed-id", feedID), ("url", url), ("user", user)]
        case let .feedSetting(feedID, url, key):
            [("feed-id", feedID), ("url", url), ("key", key)]
        }
    }

    /// What a keyring manager (Seahorse, `secret-tool search`) shows for the item.
    var label: String {
        switch self {
        case let .account(_, _, server, user):
            "Lector: \(user) on \(Self.hostOrSelf(server))"
        case let .feedLogin(_, url, user):
            "Lector feed: \(user) on \(Self.hostOrSelf(url))"
        case let .feedSetting(_, url, key):
            "Lector feed setting: \(key) of \(Self.hostOrSelf(url))"
        }
    }

    /// Attributes that select every account item of one account id.
    static func accountAttributes(id: String) -> [(key: String, value: String)] { [("account-id", id)] }

    /// Attributes that select every login (and setting secret) of one feed, by its id and address.
    static func feedAttributes(id: String, url: String) -> [(key: String, value: String)] { [("feed-id", id), ("url", url)] }

    private static func hostOrSelf(_ address: String) -> String {
        URLComponents(string: address)?.host.flatMap { $0.isEmpty ? nil : $0 } ?? address
    }
}
