import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

@Suite("HTTPClient under server faults")
struct HTTPClientFaultTests {
    @Test("a refused connection is cannotConnect, a network failure naming the host")
    func refused() async throws {
        let port = RefusingPort()
        let client = HTTPClient()
        do {
            _ = try await client.send(.get(URL(string: "http://127.0.0.1:\(port.port)/")!))
            Issue.record("a refused connection must throw")
        } catch {
            #expect(error == .cannotConnect(host: "127.0.0.1"), "got \(error)")
            #expect(error.isNetworkFailure, "refused counts as a network failure")
            #expect(error.message.contains("127.0.0.1"), "the message names the host")
        }
    }

    @Test("error messages never contain credentials or query strings from the URL")
    func messagesHideSecrets() async throws {
        let port = RefusingPort()
        let url = URL(string: "http://alice:hunter2@127.0.0.1:\(port.port)/api?api_key=s3cret")!
        do {
            _ = try await HTTPClient().send(.get(url, headers: ["Authorization": "Basic c2VjcmV0"]))
            Issue.record("a refused connection must throw")
        } catch {
            for secret in ["hunter2", "alice", "s3cret", "c2VjcmV0"] {
                #expect(!error.message.contains(secret), "message leaks \(secret): \(error.message)")
            }
        }
    }

    // The timing tests wait on their own thread (sendAndWait): an async test would also count the
    // time it waits for a free concurrency thread to resume on, which other tests may hold.
    @Test("a trickling body is cut off at the overall deadline")
    func deadlineOnTrickle() throws {
        let server = try LoopbackServer { _ in .text(String(repeating: "a", count: 400)) }
        defer { server.stop() }
        server.inject(.trickle(chunkBytes: 10, interval: .milliseconds(100)))
        let client = HTTPClient(configuration: HTTPClientConfiguration(deadline: .milliseconds(600), idleTimeout: .seconds(5)))
        let start = ContinuousClock.now
        #expect(throws: HTTPError.timedOut(host: "127.0.0.1"), "a 4 s trickle must not outlive a 0.6 s deadline") {
            try client.sendAndWait(.get(server.url("/slow")))
        }
        #expect(ContinuousClock.now - start < .seconds(2), "the deadline fired on time")
    }

    @Test("a per-request timeout overrides the client deadline")
    func perRequestTimeout() throws {
        let server = try echoServer()
        defer { server.stop() }
        server.inject(.delay(.seconds(2)))
        let client = HTTPClient()
        var request = HTTPRequest.get(server.url("/slow"))
        request.timeout = .milliseconds(300)
        let start = ContinuousClock.now
        #expect(throws: HTTPError.timedOut(host: "127.0.0.1")) { try client.sendAndWait(request) }
        #expect(ContinuousClock.now - start < .milliseconds(1500), "gave up after the request's own timeout")
    }

    @Test("silence longer than the idle timeout is timedOut")
    func idleTimeout() async throws {
        let server = try echoServer()
        defer { server.stop() }
        server.inject(.delay(.seconds(3)))
        let client = HTTPClient(configuration: HTTPClientConfiguration(deadline: .seconds(10), idleTimeout: .seconds(1)))
        await #expect(throws: HTTPError.timedOut(host: "127.0.0.1")) {
            try await client.send(.get(server.url("/idle")))
        }
    }

    @Test("a steady trickle longer than the idle timeout but within the deadline completes")
    func idleTimerResetsOnData() async throws {
        let server = try LoopbackServer { _ in .text(String(repeating: "a", count: 25)) }
        defer { server.stop() }
        server.inject(.trickle(chunkBytes: 1, interval: .milliseconds(100)))
        let client = HTTPClient(configuration: HTTPClientConfiguration(deadline: .seconds(10), idleTimeout: .seconds(1)))
        let response = try await client.send(.get(server.url("/steady")))
        #expect(response.body.count == 25, "2.5 s of steady data must not trip a 1 s idle timeout")
    }

    @Test("a body over the cap without Content-Length is stopped with bodyTooLarge")
    func tooLargeStreamed() async throws {
        let server = try echoServer()
        defer { server.stop() }
        server.inject(.oversizedBody(bytes: 8 * 1024 * 1024, declareLength: false))
        let client = HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: 64 * 1024))
        await #expect(throws: HTTPError.bodyTooLarge(host: "127.0.0.1", limit: 64 * 1024)) {
            try await client.send(.get(server.url("/big")))
        }
    }

    @Test("a declared Content-Length over the cap fails before the body is read")
    func tooLargeDeclared() async throws {
        let server = try echoServer()
        defer { server.stop() }
        server.inject(.oversizedBody(bytes: 2 * 1024 * 1024, declareLength: true))
        let client = HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: 1024 * 1024))
        await #expect(throws: HTTPError.bodyTooLarge(host: "127.0.0.1", limit: 1024 * 1024)) {
            try await client.send(.get(server.url("/big")))
        }
    }

    @Test("a body exactly at the cap is accepted")
    func bodyAtCap() async throws {
        let server = try LoopbackServer { _ in ServerResponse(body: Data(repeating: 65, count: 4096)) }
        defer { server.stop() }
        let client = HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: 4096))
        let response = try await client.send(.get(server.url("/exact")))
        #expect(response.body.count == 4096)
    }

    @Test("a 429 is a response whose Retry-After seconds are parsed")
    func tooManyRequests() async throws {
        let server = try echoServer()
        defer { server.stop() }
        server.inject(.tooManyRequests(retryAfter: "120"), count: 1)
        let client = HTTPClient()
        let limited = try await client.send(.get(server.url("/x")))
        #expect(limited.status == 429)
        #expect(limited.retryAfter() == .seconds(120), "Retry-After: 120 means two minutes")
        let next = try await client.send(.get(server.url("/x")))
        #expect(next.status == 200, "a counted fault applies only to the next request")
    }

    @Test("a 503 with an HTTP-date Retry-After is parsed relative to now")
    func retryAfterDate() async throws {
        let now = Date(timeIntervalSince1970: 1_795_966_918)
        let later = HTTPDateFormat.format(now.addingTimeInterval(90))
        let server = try echoServer()
        defer { server.stop() }
        server.inject(.respond(status: 503, headers: [(name: "Retry-After", value: later)]))
        let response = try await HTTPClient().send(.get(server.url("/x")))
        #expect(response.status == 503)
        #expect(response.retryAfter(now: now) == .seconds(90))
    }

    @Test("a connection dropped without an answer is a network failure")
    func droppedConnection() async throws {
        let server = try echoServer()
        defer { server.stop() }
        server.inject(.dropConnection)
        do {
            _ = try await HTTPClient().send(.get(server.url("/drop")))
            Issue.record("a dropped connection must throw")
        } catch {
            #expect(error.isNetworkFailure, "dropped connection should be retryable, got \(error)")
        }
    }
}
