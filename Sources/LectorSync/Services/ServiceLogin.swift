import FoundationEssentials
import LectorBasics
import LectorHTTP

/// Checks a login exactly as each service's real clients must, before anything is saved, trying
/// the endpoint's candidate base URLs in order. A candidate that does not answer as the service
/// is skipped; a wrong password or a dead server stops the search at once.
public enum ServiceLogin {
    public static func verify(kind: AccountKind, endpoint: AccountEndpoint, user: String?, secret: String,
                              http: HTTPClient, plainHTTPConsented: Bool = false) throws(SyncError) -> (url: URL, info: ServerInfo) {
        var notThere: [String] = []
        for base in endpoint.candidates {
            let connection = ServiceConnection(base: base, http: http, plainHTTPConsented: plainHTTPConsented)
            do throws(SyncError) {
                let info: ServerInfo = switch kind {
                case .freshrss: try GReaderSession.login(connection, user: user ?? "", password: secret).info
                case .miniflux: try MinifluxClient(connection, user: user, secret: secret).me()
                case .fever: try FeverClient(connection, user: user ?? "", password: secret).checkAuth()
                case .feedbin: try FeedbinClient(connection, user: user ?? "", password: secret).checkAuth()
                case .ttrss: try TTRSSProvider(connection: connection, user: user ?? "", password: secret).login()
                case .local: throw .unsupported("a local account has no server to log in to")
                }
                return (base, info)
            } catch .rejected(let why), .protocolViolation(let why) {
                notThere.append("\(base.absoluteString): \(why)")
            }
        }
        throw .rejected("no \(kind.rawValue) API found there (" + notThere.joined(separator: "; ") + ")")
    }
}
