import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

@Suite("LoopbackServer")
struct LoopbackServerTests {
    @Test("listens on an ephemeral 127.0.0.1 port and answers there")
    func startsOnLoopback() async throws {
        for _ in 0..<10 {
            let server = try LoopbackServer { _ in .text("ok") }
            #expect(server.port > 0, "an ephemeral port was assigned")
            #expect(server.baseURL.host == "127.0.0.1")
            let response = try await HTTPClient().send(HTTPRequest(method: "GET", url: server.url("/x")))
            #expect(String(decoding: response.body, as: UTF8.self) == "ok")
            server.stop()
        }
    }

    /// Tests leave state behind keyed by a server's address — a keyring item for
    /// `miniflux:alice@127.0.0.1:PORT` from an account never removed — and a later test whose
    /// server got the same port met it (CI saw a restore find a secret it was never given).
    /// The servers of other processes (the self-signed TLS server, the benchmark's nginx) take
    /// their port from the same ledger.
    @Test("no two servers of one test run listen at the same address, even one after the other")
    func portsNotReused() throws {
        var seen: Set<UInt16> = []
        var reused: [UInt16] = []
        for turn in 0..<3_000 {
            let port: UInt16
            if turn.isMultiple(of: 2) {
                let server = try LoopbackServer { _ in .text("ok") }
                port = server.port
                server.stop()
            } else {
                port = try LoopbackPort.free()
            }
            if !seen.insert(port).inserted { reused.append(port) }
        }
        #expect(reused.count == 0, "ports handed out again: \(reused.prefix(10)) (\(reused.count) of 3,000)")
    }

    @Test("logs method, path, query, headers and body of every request")
    func logsRequests() async throws {
        let server = try LoopbackServer { _ in .text("ok") }
        defer { server.stop() }
        var request = HTTPRequest.postForm(server.url("/a/b%2Fc?x=1&y=two+words"), fields: [("k", "v")])
        request.headers["X-Test"] = "yes"
        _ = try await HTTPClient().send(request)
        let logged = try #require(server.requests.first, "the request was logged")
        #expect(logged.method == "POST")
        #expect(logged.path == "/a/b%2Fc", "the path is kept as sent")
        #expect(logged.query == "x=1&y=two+words")
        #expect(logged.queryValue("y") == "two words", "query values are decoded")
        #expect(logged.header("x-test") == "yes", "header lookup ignores case")
        #expect(logged.bodyText == "k=v")
        server.clearLog()
        #expect(server.requests.isEmpty, "clearLog empties the log")
    }

    @Test("reads a large Content-Length body completely")
    func largeBody() async throws {
        let server = try LoopbackServer { request in .text(String(request.body.count)) }
        defer { server.stop() }
        let payload = Data(repeating: 0x61, count: 3 * 1024 * 1024)
        var request = HTTPRequest(method: "POST", url: server.url("/upload"), body: payload)
        request.headers["Content-Type"] = "application/octet-stream"
        let response = try await HTTPClient().send(request)
        #expect(response.text == String(payload.count), "the handler saw every byte")
    }

    @Test("serves many concurrent requests")
    func concurrentRequests() async throws {
        let server = try LoopbackServer { request in .text(request.path) }
        defer { server.stop() }
        let client = HTTPClient()
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<20 { group.addTask { try await client.send(.get(server.url("/\(index)"))).text } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies.count == 20, "each of 20 parallel requests got its own answer")
        #expect(server.requests.count == 20)
    }

    @Test("after stop() new connections are refused")
    func stopRefuses() async throws {
        let server = try LoopbackServer { _ in .text("ok") }
        let url = server.url("/")
        server.stop()
        server.stop()
        do {
            _ = try await HTTPClient().send(.get(url))
            Issue.record("a stopped server must not answer")
        } catch {
            #expect(error == .cannotConnect(host: "127.0.0.1"), "got \(error)")
        }
    }

    @Test("a server released without stop() shuts down in deinit")
    func deinitStops() async throws {
        var server: LoopbackServer? = try LoopbackServer { _ in .text("ok") }
        let url = try #require(server).url("/")
        server = nil
        do {
            _ = try await HTTPClient().send(.get(url))
            Issue.record("a released server must not answer")
        } catch {
            #expect(error == .cannotConnect(host: "127.0.0.1"), "got \(error)")
        }
    }

    @Test("stripAuthorization hides the header from the handler and the log")
    func stripsAuthorization() async throws {
        let server = try LoopbackServer { request in .text(request.header("Authorization") ?? "none") }
        defer { server.stop() }
        server.inject(.stripAuthorization)
        let response = try await HTTPClient().send(.get(server.url("/"), headers: ["Authorization": "Basic eDp5"]))
        #expect(response.text == "none", "the handler must not see Authorization")
        #expect(server.requests.first?.header("Authorization") == nil)
    }

    @Test("a counted fault applies to that many requests, then the handler answers again")
    func countedFault() async throws {
        let server = try LoopbackServer { _ in .text("fine") }
        defer { server.stop() }
        server.inject(.respond(status: 503, body: "down"), count: 2)
        let client = HTTPClient()
        let statuses = try await [client.send(.get(server.url("/"))).status, client.send(.get(server.url("/"))).status,
                                  client.send(.get(server.url("/"))).status]
        #expect(statuses == [503, 503, 200])
    }

    @Test("delay holds the answer back for the given time")
    func delays() async throws {
        let server = try LoopbackServer { _ in .text("late") }
        defer { server.stop() }
        server.inject(.delay(.milliseconds(300)), count: 1)
        let start = ContinuousClock.now
        let response = try await HTTPClient().send(.get(server.url("/")))
        #expect(response.text == "late")
        #expect(ContinuousClock.now - start >= .milliseconds(280), "the answer came after the delay")
    }

    @Test("clearFaults restores normal answers")
    func clearFaults() async throws {
        let server = try LoopbackServer { _ in .text("fine") }
        defer { server.stop() }
        server.inject(.dropConnection)
        server.clearFaults()
        #expect(try await HTTPClient().send(.get(server.url("/"))).text == "fine")
    }
}

@Suite("StaticSite")
struct StaticSiteTests {
    @Test("answers 404 for unknown paths and 405 for writes")
    func unknownAndWrites() async throws {
        let site = StaticSite()
        site.serve("/feed.xml", text: "<rss/>", contentType: "application/rss+xml")
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        let client = HTTPClient()
        #expect(try await client.send(.get(server.url("/missing"))).status == 404)
        #expect(try await client.send(.postForm(server.url("/feed.xml"), fields: [])).status == 405)
        let feed = try await client.send(.get(server.url("/feed.xml")))
        #expect(feed.headers["Content-Type"] == "application/rss+xml")
    }

    @Test("a weak ETag in If-None-Match also matches and * matches anything")
    func etagMatching() {
        let site = StaticSite()
        site.serve("/a", text: "x", etag: "\"abc\"")
        let weak = ServerRequest(method: "GET", path: "/a", headers: [(name: "If-None-Match", value: "W/\"abc\", \"zzz\"")])
        let star = ServerRequest(method: "GET", path: "/a", headers: [(name: "If-None-Match", value: "*")])
        let other = ServerRequest(method: "GET", path: "/a", headers: [(name: "If-None-Match", value: "\"zzz\"")])
        #expect(site.respond(to: weak).status == 304)
        #expect(site.respond(to: star).status == 304)
        #expect(site.respond(to: other).status == 200)
    }

    @Test("a path registered with a query matches only that query")
    func queryRoutes() {
        let site = StaticSite()
        site.serve("/f?page=2", text: "two")
        site.serve("/f", text: "one")
        #expect(site.respond(to: ServerRequest(method: "GET", path: "/f", query: "page=2")).bodyText == "two")
        #expect(site.respond(to: ServerRequest(method: "GET", path: "/f", query: "page=3")).bodyText == "one")
    }
}
