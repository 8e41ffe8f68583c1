/// How a secure connection failed; the two call for different advice.
public enum TLSFailure: Sendable, Equatable {
    /// No TLS handshake took place (libcurl's 35, "SSL connect error"): most often a server that
    /// speaks plain http on the port asked for with https://.
    case handshake
    /// The handshake completed but the server's certificate is not trusted (libcurl's 60 and its
    /// kin): expired, self-signed, or issued for another name. Plain http is no answer to that.
    case certificate
}
