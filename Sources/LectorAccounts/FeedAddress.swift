import FoundationEssentials

/// A feed address as typed or as an older Lector stored it, possibly with a login written in.
public enum FeedAddress {
    /// The login written into `url` (`user:password@`), taken out: the address without it (nil
    /// when it cannot be written without it), the user and the password, either possibly empty.
    /// Nil when the address carries no login.
    public static func loginWrittenIn(_ url: URL) -> (bare: URL?, user: String, password: String)? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              components.user != nil || components.password != nil else { return nil }
        let login = (components.user ?? "", components.password ?? "")
        components.user = nil
        components.password = nil
        return (components.url, login.0, login.1)
    }
}
