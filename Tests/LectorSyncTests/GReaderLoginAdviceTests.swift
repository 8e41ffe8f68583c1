import Foundation
import LectorHTTP
import LectorSync
import LectorTestSupport
import Testing

/// A wrong Google Reader password gets the advice of the server Lector is talking to: FreshRSS
/// and Miniflux keep that password in different places.
@Suite("Login advice that fits the server")
struct GReaderLoginAdviceTests {
    static func refusal(of base: URL) -> String {
        do throws(SyncError) {
            _ = try GReaderSession.login(ServiceConnection(base: base, http: HTTPClient()), user: "admin", password: "wrong")
            return "the login succeeded"
        } catch {
            return error.description
        }
    }

    @Test("Miniflux's refusal (401, JSON 'access unauthorized', recorded in miniflux-greader/03) names Settings → Integrations → Google Reader, not FreshRSS")
    func minifluxAdvice() throws {
        let server = try LoopbackServer { request in
            guard request.path == "/accounts/ClientLogin" else { return .notFound }
            return ServerResponse(status: 401, headers: [(name: "Content-Type", value: "application/json")],
                                  body: Data(#"{"error_message":"access unauthorized"}"#.utf8))
        }
        let message = Self.refusal(of: server.url("/"))
        #expect(message.contains("Settings → Integrations → Google Reader"), "the advice for Miniflux: \(message)")
        #expect(!message.contains("FreshRSS") && !message.contains("Allow API access"), "FreshRSS's advice given to a Miniflux server: \(message)")
    }

    @Test("FreshRSS's refusal (401 'Unauthorized!' with Google-Bad-Token) keeps FreshRSS's advice")
    func freshRSSAdvice() throws {
        let emulator = GReaderEmulator(accounts: [EmulatedAccount(username: "admin", password: "right")])
        let server = try LoopbackServer(handler: emulator.handler)
        let message = Self.refusal(of: server.url(GReaderEmulator.basePath + "/"))
        #expect(message.contains("FreshRSS needs its API password (Profile → API password)"), "the advice for FreshRSS: \(message)")
    }

    @Test("a server that is neither (a bare 401) gets advice that names no product")
    func otherServerAdvice() throws {
        let server = try LoopbackServer { _ in ServerResponse(status: 401, body: Data()) }
        let message = Self.refusal(of: server.url("/reader/"))
        #expect(message.contains("refused the login for 'admin'") && message.contains("API password"), "the generic advice: \(message)")
        #expect(!message.contains("FreshRSS") && !message.contains("Miniflux"), "a product named for a server that is neither: \(message)")
    }
}
