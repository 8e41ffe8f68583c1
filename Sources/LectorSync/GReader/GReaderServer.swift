import FoundationEssentials
import LectorHTTP

/// Which server answers the Google Reader API, as far as its answers tell: where the user finds
/// the password that API takes differs (FreshRSS: the profile; Miniflux: an integration).
enum GReaderServer {
    case freshRSS
    case miniflux
    case other

    /// Told by the refusal of a login: FreshRSS answers text "Unauthorized!" with
    /// `Google-Bad-Token`, Miniflux JSON `{"error_message": …}` (both recorded); FreshRSS serves the
    /// API under `/api/greader.php`.
    static func of(refusal response: HTTPResponse, base: URL) -> GReaderServer {
        if response.headers["Google-Bad-Token"] != nil || servesFreshRSSPath(base) { return .freshRSS }
        if response.headers["Content-Type"]?.lowercased().hasPrefix("application/json") == true,
           response.text.contains("\"error_message\"") {
            return .miniflux
        }
        return .other
    }

    /// The API under FreshRSS's own path, which Miniflux (at the root) does not use.
    static func servesFreshRSSPath(_ base: URL) -> Bool {
        base.path.contains("/greader.php")
    }

    /// Where the password this API takes is set.
    var passwordAdvice: String {
        switch self {
        case .freshRSS: "FreshRSS needs its API password (Profile → API password), not the web password, with 'Allow API access' on"
        case .miniflux: "Miniflux needs the Google Reader user and password set under Settings → Integrations → Google Reader, not the account's own"
        case .other: "check the user and the server's API password, which is often not the web password"
        }
    }
}
