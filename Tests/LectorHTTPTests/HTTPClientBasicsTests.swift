import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

@Suite("HTTPClient basics")
struct HTTPClientBasicsTests {
    @Test("a GET returns status, body, case-insensitive headers and the final URL")
    func getReturnsResponse() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let client = HTTPClient()
        let response = try await client.send(.get(server.url("/hello")))
        #expect(response.status == 200, "echo server answers 200")
        #expect(response.text == "GET /hello", "body is the echoed request line")
        #expect(response.headers["x-ECHO"] == "yes", "header lookup ignores case")
        #expect(response.url == server.url("/hello"), "final URL without redirects is the request URL")
    }

    @Test("every request carries the Lector User-Agent and the caller's headers")
    func sendsUserAgent() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let client = HTTPClient(configuration: HTTPClientConfiguration(userAgent: "Lector/9.9"))
        _ = try await client.send(.get(server.url("/ua"), headers: ["X-Custom": "1"]))
        let logged = try #require(server.requests.first, "the server saw the request")
        #expect(logged.header("User-Agent") == "Lector/9.9", "User-Agent is Lector/<version>")
        #expect(logged.header("X-Custom") == "1", "caller headers are passed through")
        #expect(logged.header("Cookie") == nil, "no cookies are sent")
    }

    @Test("a form POST arrives with its body and content type")
    func postsForm() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let client = HTTPClient()
        let request = HTTPRequest.postForm(server.url("/form"), fields: [("a", "1 2"), ("a", "x&y")])
        let response = try await client.send(request)
        #expect(response.status == 200)
        let logged = try #require(server.requests.first)
        #expect(logged.method == "POST")
        #expect(logged.formItems.map(\.value) == ["1 2", "x&y"], "repeated form keys survive encoding")
    }

    @Test("cookies set by a server are not stored or sent back")
    func ignoresCookies() async throws {
        let server = try LoopbackServer { _ in
            .text("ok", headers: [(name: "Set-Cookie", value: "session=abc; Path=/")])
        }
        defer { server.stop() }
        let client = HTTPClient()
        _ = try await client.send(.get(server.url("/a")))
        _ = try await client.send(.get(server.url("/b")))
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.header("Cookie") == nil, "the second request carries no Cookie")
    }

    @Test("4xx and 5xx answers come back as responses, 401 with WWW-Authenticate included")
    func errorStatusesAreResponses() async throws {
        let server = try LoopbackServer { request in
            request.path == "/auth"
                ? .text("{\"error_message\":\"access unauthorized\"}", status: 401,
                        headers: [(name: "WWW-Authenticate", value: "Basic realm=\"Restricted\"")])
                : .text("Service Unavailable!", status: 503)
        }
        defer { server.stop() }
        let client = HTTPClient()
        let unauthorized = try await client.send(.get(server.url("/auth")))
        #expect(unauthorized.status == 401, "a Basic challenge is returned, not answered or thrown")
        let unavailable = try await client.send(.get(server.url("/down")))
        #expect(unavailable.status == 503)
        #expect(unavailable.text == "Service Unavailable!")
    }

    @Test("a non-http URL is rejected as invalidURL before any traffic")
    func rejectsNonHTTP() async throws {
        let client = HTTPClient()
        await #expect(throws: HTTPError.invalidURL("only http and https URLs can be fetched")) {
            try await client.send(.get(URL(string: "ftp://127.0.0.1/x")!))
        }
    }

    @Test("keep-alive: many sequential requests succeed against one server")
    func sequentialRequests() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let client = HTTPClient()
        for index in 0..<50 {
            let response = try await client.send(.get(server.url("/n/\(index)")))
            #expect(response.text == "GET /n/\(index)")
        }
        #expect(server.requests.count == 50, "every request was logged once")
    }
}
