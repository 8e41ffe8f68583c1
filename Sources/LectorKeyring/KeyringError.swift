/// Why a keyring operation failed. Messages never contain a secret.
public enum KeyringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No session bus, or no Secret Service on it; `cause` is the D-Bus error text.
    case unreachable(cause: String)
    /// The default keyring is locked.
    case locked
    /// There is no default keyring to store into.
    case noDefaultCollection
    /// Any other Secret Service failure, as libsecret reported it.
    case failed(domain: String, code: Int, message: String)
    /// libsecret (opened on the first keyring call, not at start-up) could not be loaded; the loader's reason.
    case libraryMissing(String)

    /// What went wrong and what the user can do about it.
    public var message: String {
        switch self {
        case .unreachable(let cause):
            "no Secret Service on the session bus (\(cause)): start gnome-keyring-daemon "
                + "(or another Secret Service) in your session, or run inside `dbus-run-session`"
        case .locked:
            "the default keyring is locked: unlock it (e.g. log in to the desktop, "
                + "or `gnome-keyring-daemon --replace --unlock`)"
        case .noDefaultCollection:
            "there is no default keyring (or it is locked): log in to the desktop, or run "
                + "`gnome-keyring-daemon --replace --unlock`, which creates and unlocks the login keyring "
                + "with the password read from stdin"
        case let .failed(domain, code, message):
            "the Secret Service failed (\(domain) \(code)): \(message)"
        case .libraryMissing(let reason):
            "the keyring needs libsecret, which could not be loaded (\(reason)): install it with `apt-get install libsecret-1-0`"
        }
    }

    public var description: String { message }
}
