/// What a stored secret belongs to.
public enum SecretItem: Hashable, Sendable {
    /// The password or API key of an account (`kind` such as "freshrss", `server` its base URL or host).
    case account(id: String, kind: String, server: String, user: String)
    /// The HTTP login of one feed.
    case feedLogin(feedID: String, url: String, user: String)
    /// A secret among a feed's server settings (`feed set FEED cookie`), by Lector's key name.
    case feedSetting(feedID: String, url: String, key: String)
}
