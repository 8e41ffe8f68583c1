import FoundationEssentials

/// The one rule for an address Lector keeps for a feed, a site or a server: http or https, with a
/// host, and no login written into it (a login would be stored and shown with it). Typed
/// addresses, backups and what a server sends are all held to it.
public enum WebAddressRule {
    /// Why `text` cannot be kept, or nil when it can. The address itself is never in the reason:
    /// it might hold a secret.
    public static func problem(_ text: String) -> String? {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
              scheme == "http" || scheme == "https", parts.host?.isEmpty == false else {
            return "not an http or https URL"
        }
        if parts.user != nil || parts.password != nil {
            return "the URL must not contain a user name or password"
        }
        return nil
    }
}
