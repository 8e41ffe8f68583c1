import Testing
@testable import LectorSync

@Suite("Account endpoints: loopback is an address")
struct AccountEndpointLoopbackTests {
    @Test("a host name that only starts with 127. is not loopback: plain http to it is insecure")
    func lookalikeIsInsecure() throws {
        #expect(try AccountEndpoint.resolve(kind: .miniflux, typed: "http://127.evil.example").isInsecure)
        #expect(try AccountEndpoint.resolve(kind: .miniflux, typed: "127.evil.example").candidates.first?.scheme == "https",
                "without a scheme a non-local name gets https")
        #expect(try AccountEndpoint.resolve(kind: .miniflux, typed: "http://localhost:8080").isInsecure == false)
        #expect(try AccountEndpoint.resolve(kind: .miniflux, typed: "http://[::1]:8080").isInsecure == false)
    }
}
