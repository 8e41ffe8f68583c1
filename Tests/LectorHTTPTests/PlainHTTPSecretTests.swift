import Foundation
import Testing
@testable import LectorHTTP
import LectorTestSupport

/// A request carrying a secret over plain http goes out only with the user's stored consent, or
/// to a host that resolves to this machine alone, and then only to the addresses checked.
@Suite("Secrets over plain http are checked when connecting")
struct PlainHTTPSecretTests {
    private static let secretHeaders: HTTPHeaders = ["Authorization": "Bearer s3cret"]

    @Test("a secret to a name that does not resolve to loopback (real getaddrinfo) is refused before connecting")
    func refusedForNonLoopbackName() {
        let client = HTTPClient()
        let request = HTTPRequest.get(URL(string: "http://something.invalid/api")!, headers: Self.secretHeaders)
        #expect(throws: HTTPError.insecureSecret(host: "something.invalid"), "no consent, not this machine: refused, not tried") {
            try client.sendAndWait(request)
        }
        let message = HTTPError.insecureSecret(host: "something.invalid").message
        #expect(message.contains("something.invalid") && message.contains("https://") && message.contains("--allow-insecure"),
                "the refusal names the host and both ways out: \(message)")
    }

    @Test("a secret in the body (Fever's api_key, ClientLogin's password) is refused the same way when marked")
    func markedBodySecretRefused() {
        var request = HTTPRequest.postForm(URL(string: "http://something.invalid/fever.php?api")!, fields: [("api_key", "abc")])
        request.carriesSecret = true
        #expect(throws: HTTPError.insecureSecret(host: "something.invalid")) { try HTTPClient().sendAndWait(request) }
    }

    @Test("this machine's own non-loopback address gets no secret without consent, and nothing reaches it")
    func nonLoopbackAddressNeedsConsent() throws {
        let address = try #require(LocalAddress.nonLoopbackIPv4(), "the machine has no non-loopback IPv4 address")
        let server = try LoopbackServer(listeningOn: address) { _ in .text("ok") }
        defer { server.stop() }
        var request = HTTPRequest.get(server.url("/secret"), headers: Self.secretHeaders)
        #expect(throws: HTTPError.insecureSecret(host: address), "\(address) is not loopback: refused") {
            try HTTPClient().sendAndWait(request)
        }
        #expect(server.requests.isEmpty, "not one request may reach the server without consent")

        request.plainHTTPConsented = true
        let response = try HTTPClient().sendAndWait(request)
        #expect(response.status == 200, "with consent the request goes out")
        #expect(server.requests.first?.header("Authorization") == "Bearer s3cret", "and carries its secret")
    }

    @Test("with consent a secret goes out over plain http, and without a secret nothing is checked")
    func consentAndNoSecretGoOut() throws {
        let server = try echoServer()
        defer { server.stop() }
        // The consent is what lets it through: the resolver says the name is elsewhere.
        let client = HTTPClient(resolver: { _ in [ResolvedAddress(text: "192.0.2.7", isLoopback: false)] })
        var request = HTTPRequest.get(server.localhostURL.appendingPathComponent("consented"), headers: Self.secretHeaders)
        #expect(throws: HTTPError.insecureSecret(host: "localhost")) { try client.sendAndWait(request) }
        request.plainHTTPConsented = true
        #expect(try client.sendAndWait(request).status == 200, "consented: sent")
        #expect(try client.sendAndWait(.get(server.localhostURL.appendingPathComponent("public"))).status == 200,
                "a request without a secret is not checked")
        #expect(server.requests.map(\.path) == ["/consented", "/public"], "only the consented and the public request arrived")
    }

    @Test("a name is decided on all its addresses: one of them elsewhere refuses")
    func mixedAddressesRefuse() {
        let request = HTTPRequest.get(URL(string: "http://freshrss.lan/")!, headers: Self.secretHeaders)
        let decision = PlainHTTPRule.decide(request, resolve: { _ in
            [ResolvedAddress(text: "127.0.0.1", isLoopback: true), ResolvedAddress(text: "192.168.1.5", isLoopback: false)]
        })
        #expect(decision == .refuse(.insecureSecret(host: "freshrss.lan")), "\(decision)")
        #expect(PlainHTTPRule.decide(request, resolve: { _ in nil }) == .refuse(.insecureSecret(host: "freshrss.lan")),
                "a name that does not resolve is not this machine")
        var https = request
        https.url = URL(string: "https://freshrss.lan/")!
        #expect(PlainHTTPRule.decide(https, resolve: { _ in nil }) == .send, "https needs no check")
    }

    @Test("localhost is pinned to the addresses getaddrinfo gave, as libcurl's host:port:addr list")
    func localhostIsPinned() throws {
        let request = HTTPRequest.get(URL(string: "http://localhost:8123/x")!, headers: Self.secretHeaders)
        guard case .pin(let pin) = PlainHTTPRule.decide(request) else {
            Issue.record("localhost must be allowed with a pin, got \(PlainHTTPRule.decide(request))")
            return
        }
        let checked = try #require(LoopbackAddress.resolve(host: "localhost")).map(\.text)
        #expect(pin.addresses == checked && pin.addresses.contains("127.0.0.1"), "the pin is exactly the checked addresses: \(pin)")
        #expect(pin.resolveEntry == "localhost:8123:" + checked.map { $0.contains(":") ? "[\($0)]" : $0 }.joined(separator: ","),
                "the CURLOPT_RESOLVE entry: \(pin.resolveEntry)")
        #expect(PlainHTTPRule.decide(HTTPRequest.get(URL(string: "http://127.0.0.1:8123/")!, headers: Self.secretHeaders)) == .send,
                "a loopback address written out has nothing to resolve or pin")
    }

    @Test("libcurl connects to the pinned address, not to what DNS says at connect time")
    func curlUsesThePin() throws {
        let server = try echoServer()
        defer { server.stop() }
        // `pinned.invalid` never resolves through DNS: the request can only arrive through the pin.
        let client = HTTPClient(resolver: { $0 == "pinned.invalid" ? [ResolvedAddress(text: "127.0.0.1", isLoopback: true)] : nil })
        let url = URL(string: "http://pinned.invalid:\(server.port)/through-pin")!
        let response = try client.sendAndWait(.get(url, headers: Self.secretHeaders))
        #expect(response.status == 200 && response.text == "GET /through-pin", "the request reached the checked address")
        #expect(server.requests.first?.header("Authorization") == "Bearer s3cret")
    }

    @Test("a kept connection to an address outside the pin is not reused for a secret")
    func keptConnectionOutsideThePinIsRefused() throws {
        let server = try echoServer()
        defer { server.stop() }
        // The check says localhost is 127.0.0.2 only; the connection already open is to 127.0.0.1.
        let client = HTTPClient(resolver: { _ in [ResolvedAddress(text: "127.0.0.2", isLoopback: true)] })
        _ = try client.sendAndWait(.get(server.localhostURL.appendingPathComponent("public")))
        #expect(throws: HTTPError.insecureSecret(host: "localhost"), "the secret must not go over a connection to an unchecked address") {
            try client.sendAndWait(.get(server.localhostURL.appendingPathComponent("secret"), headers: Self.secretHeaders))
        }
        #expect(server.requests.map(\.path) == ["/public"], "the secret request never arrived: \(server.requests.map(\.path))")
    }

    @Test("an https request with a secret is not redirected to plain http with it")
    func noSecretDownToPlainHTTP() throws {
        let target = try echoServer()
        defer { target.stop() }
        let request = HTTPRequest.get(URL(string: "https://example.invalid/start")!, headers: Self.secretHeaders)
        var seen: Set<String> = []
        let next = RedirectPolicy.decide(status: 302, headers: ["Location": target.url("/landing").absoluteString], current: request,
                                         original: request, seen: &seen, maxRedirects: 5)
        guard case .follow(let hop) = next else { Issue.record("expected a follow, got \(next)"); return }
        #expect(hop.headers["Authorization"] == nil && !hop.sendsSecret, "the secret stays behind at the origin border")
    }
}
