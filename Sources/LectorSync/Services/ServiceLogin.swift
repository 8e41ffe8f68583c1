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
                return (base, try kind.service.checkLogin(connection, user: user, secret: secret))
            } catch .rejected(let why), .protocolViolation(let why) {
                notThere.append("\(base.absoluteString): \(why)")
            }
        }
        throw .rejected("no \(kind.rawValue) API found there (" + notThere.joined(separator: "; ") + ")")
    }
}
