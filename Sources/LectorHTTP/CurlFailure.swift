import CCurl

extension HTTPError {
    /// Classifies a libcurl failure for `host`.
    static func from(curl code: CURLcode, host: String) -> HTTPError {
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .invalidURL("unsupported URL for \(host)")
        case CURLE_COULDNT_CONNECT:
            return .cannotConnect(host: host)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(host: host)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .offline(host: host)
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connectionLost(host: host)
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER, CURLE_SSL_SHUTDOWN_FAILED, CURLE_USE_SSL_FAILED:
            return .tls(host: host, .handshake)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE:
            return .tls(host: host, .certificate)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled(host: host)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(host: host)
        default:
            return .badResponse(host: host)
        }
    }

    /// Failures on a reused connection that libcurl reports when the server had closed it: the
    /// request never reached a live peer, so sending it again on a fresh connection is safe.
    static func isDeadConnection(_ code: CURLcode) -> Bool {
        code == CURLE_GOT_NOTHING || code == CURLE_SEND_ERROR || code == CURLE_RECV_ERROR
    }
}
