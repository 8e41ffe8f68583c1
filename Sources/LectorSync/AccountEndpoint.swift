import FoundationEssentials
import LectorBasics
import LectorHTTP

/// Where an account's API lives, worked out forgivingly from what the user typed: a missing
/// scheme, a trailing slash, the API suffix given or not. Every guess is explained, and when a
/// guess could be wrong the alternatives are tried in order (`candidates`).
public struct AccountEndpoint: Sendable, Equatable {
    /// Base URLs to try in order; the first that answers as the service wins.
    public let candidates: [URL]
    /// One line per guess made, to show the user.
    public let notes: [String]

    public static func resolve(kind: AccountKind, typed: String?) throws(AccountEndpointError) -> AccountEndpoint {
        var notes: [String] = []
        guard let typed = typed?.trimmingBlanks, !typed.isEmpty else {
            if let address = kind.service.defaultAddress { return AccountEndpoint(candidates: [address], notes: []) }
            throw kind.hasServer ? .missing(kind) : .noServer
        }
        let (text, schemeNote) = withScheme(typed)
        if let schemeNote { notes.append(schemeNote) }
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty else {
            throw .invalid(typed)
        }
        // A login in the address would be kept with the account and shown by `account list`,
        // `--json` and every backup: the secret goes through the prompt to the keyring instead.
        if components.user != nil || components.password != nil {
            let user = components.user.flatMap { $0.isEmpty ? nil : $0 }
            components.user = nil
            components.password = nil
            throw .loginInAddress(bare: components.string ?? "\(scheme)://\(host)/", user: user)
        }
        components.scheme = scheme
        components.query = nil
        components.fragment = nil
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }

        let paths = try kind.service.apiPaths(for: path, typed: typed, notes: &notes)
        let candidates = paths.compactMap { candidatePath -> URL? in
            var copy = components
            // A script endpoint (fever.php) takes its query directly; directories end in a slash.
            copy.path = candidatePath.hasSuffix("fever.php") ? candidatePath : candidatePath + "/"
            return copy.url
        }
        return AccountEndpoint(candidates: candidates, notes: notes)
    }

    /// The one address-guessing rule, for accounts and feeds alike: an address typed without a
    /// scheme gets http:// when its host is this machine (loopback) and https:// otherwise, and
    /// the guess is returned as a note to print.
    public static func withScheme(_ typed: String) -> (text: String, note: String?) {
        guard !typed.contains("://") else { return (typed, nil) }
        let authority = typed.split(separator: "/").first.map(String.init) ?? typed
        // A login typed into it (`user:password@host`) is not the host.
        let hostAndPort = authority.lastIndex(of: "@").map { String(authority[authority.index(after: $0)...]) } ?? authority
        let host = hostAndPort.hasPrefix("[") ? String(hostAndPort.prefix { $0 != "]" }) + "]"
            : hostAndPort.split(separator: ":").first.map(String.init) ?? hostAndPort
        let scheme = isLoopback(host) ? "http" : "https"
        return ("\(scheme)://\(typed)", "no scheme given: using \(scheme)://" + (scheme == "http" ? " (this machine)" : ""))
    }

    /// Whether the credential would cross the network unencrypted.
    public var isInsecure: Bool {
        candidates.contains { PlainHTTPRule.wouldExpose($0) }
    }

    /// Decided on the addresses the name resolves to, never on its spelling (`127.evil.example`
    /// is not this machine).
    static func isLoopback(_ host: String) -> Bool {
        LoopbackAddress.isLoopback(host: host)
    }
}

/// A server address that cannot be used.
public enum AccountEndpointError: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(AccountKind)
    case invalid(String)
    /// The address is another kind's API (FreshRSS's fever.php given for a freshrss account).
    case otherService(typed: String, kind: AccountKind)
    /// A local account has no server, so no address is its API.
    case noServer
    /// The address carries a login (`https://user:password@host/`); `bare` is the address
    /// without it. Neither the password nor the address as typed is repeated.
    case loginInAddress(bare: String, user: String?)

    public var description: String {
        switch self {
        case .missing(let kind): "a \(kind.rawValue) account needs --url: the address of your server"
        case .invalid(let text): "'\(text)' is not a server address: use something like https://rss.example.com"
        case .noServer: "a local account has no server: Lector fetches its feeds itself"
        case .loginInAddress(let bare, let user):
            "the address carries a login (user:password@), which Lector never keeps in an account's address: "
                + "give --url \(bare) --user \(user ?? "USER"); the password is asked for and kept in the keyring"
        case .otherService(let text, let kind):
            "'\(text)' is the address of a \(kind.service.apiName): add it with 'lector account add \(kind.rawValue) --url \(text)'"
        }
    }
}
