import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

/// The two TLS failures a person meets and must answer differently: a server that speaks plain
/// http where https was asked (libcurl's 35: no handshake at all) and a certificate that is not
/// trusted (libcurl's 60: expired, self-signed, for another name), where plain http is no answer.
@Suite("HTTPClient: a failed handshake and an untrusted certificate are told apart")
struct TLSFailureTests {
    private func failure(_ url: URL) -> HTTPError? {
        do {
            _ = try HTTPClient().sendAndWait(.get(url))
            return nil
        } catch {
            return error
        }
    }

    @Test("https to a port that speaks plain http is a failed handshake whose message suggests plain http")
    func plainHTTPOnTheTLSPort() throws {
        let server = try LoopbackServer { _ in .text("plain") }
        defer { server.stop() }
        let error = try #require(failure(URL(string: "https://127.0.0.1:\(server.port)/feed.xml")!), "https to a plain http server succeeded")
        #expect(error == .tls(host: "127.0.0.1", .handshake), "got \(error)")
        #expect(error.message.contains("plain http"), "the message does not point at plain http: \(error.message)")
    }

    @Test("a certificate nobody trusts is a certificate failure whose message never suggests plain http")
    func untrustedCertificate() throws {
        let server = try #require(try SelfSignedTLSServer.start(), "openssl s_server could not be started on loopback")
        let error = try #require(failure(server.url("/feed.xml")), "a self-signed certificate was accepted")
        #expect(error == .tls(host: "127.0.0.1", .certificate), "got \(error)")
        #expect(error.message.contains("certificate"), "the message does not name the certificate: \(error.message)")
        #expect(!error.message.contains("plain http") && !error.message.contains("handshake"),
                "a certificate failure is not a handshake with a plain http server: \(error.message)")
    }
}
