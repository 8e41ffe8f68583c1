import FoundationEssentials

/// A login written into a feed address (`https://user:password@host/feed`), which Lector never
/// keeps there: the store, `feed list`, OPML and backups would all show it.
public enum AddressLogin {
    /// The login written into `url`, taken out: the address without it (nil when it cannot be
    /// written without it), the user and the password, either possibly empty. Nil when the
    /// address carries no login.
    public static func takenOut(of url: URL) -> (bare: URL?, user: String, password: String)? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              components.user != nil || components.password != nil else { return nil }
        let login = (components.user ?? "", components.password ?? "")
        components.user = nil
        components.password = nil
        return (components.url, login.0, login.1)
    }
}
