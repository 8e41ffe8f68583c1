import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPError {
    /// Classifies a URLSession failure for `host`; `responded` tells whether a status line arrived.
    static func from(_ error: any Error, host: String, responded: Bool) -> HTTPError {
        guard let urlError = error as? URLError else { return .badResponse(host: host) }
        switch urlError.code {
        case .badURL, .unsupportedURL:
            return .invalidURL("unsupported URL for \(host)")
        case .cannotConnectToHost:
            return .cannotConnect(host: host)
        case .timedOut:
            return .timedOut(host: host)
        case .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet, .internationalRoamingOff,
             .dataNotAllowed, .callIsActive:
            return .offline(host: host)
        case .networkConnectionLost:
            return .connectionLost(host: host)
        case .badServerResponse where !responded:
            // libcurl's "Empty reply from server": the peer closed before answering.
            return .connectionLost(host: host)
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired:
            return .tls(host: host)
        case .cancelled:
            return .cancelled(host: host)
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .tooManyRedirects(host: host)
        default:
            return .badResponse(host: host)
        }
    }
}
