import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LectorHTTP

/// Maps URLSession failures onto `HTTPError`, whose messages the rest of the app already uses.
enum NetworkFailure {
    static func classify(_ error: (any Error)?, host: String) -> HTTPError {
        guard let urlError = error as? URLError else { return .badResponse(host: host) }
        switch urlError.code {
        case .cannotConnectToHost: return .cannotConnect(host: host)
        case .timedOut: return .timedOut(host: host)
        case .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet: return .offline(host: host)
        case .networkConnectionLost, .badServerResponse: return .connectionLost(host: host)
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid:
            return .tls(host: host)
        case .cancelled: return .cancelled(host: host)
        default: return .badResponse(host: host)
        }
    }
}

extension HTTPError {
    var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }
}
