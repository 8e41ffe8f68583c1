import Foundation
import Testing
import LectorHTTP

/// What a hostile or dead server can make the client spend: CPU while waiting, time to give up,
/// memory for a compressed body. Measured in a separate process (http-probe) so that other tests
/// running at the same time do not count.
@Suite("HTTPClient resource bounds")
struct HTTPClientResourceTests {
    @Test("waiting 5 s on a server that never answers costs under 5 % CPU, and cancelAll ends it within 100 ms")
    func silentServerCostsNothing() throws {
        let server = try ScriptedServer { connection, _ in
            _ = connection.readRequest()
            connection.waitForClose()
        }
        defer { server.stop() }
        let fields = try HTTPProbe.run(["wait", server.url("/never").absoluteString, "5"])
        let cpu = try #require(fields["cpu_percent"].flatMap(Double.init), "probe output: \(fields)")
        let cancel = try #require(fields["cancel_ms"].flatMap(Double.init), "probe output: \(fields)")
        #expect(cpu < 5, "waiting on a silent server used \(cpu) % of a core")
        #expect(cancel < 100, "cancelAll took \(cancel) ms to end the request")
        #expect(fields["outcome"] == HTTPError.cancelled(host: "127.0.0.1").message, "outcome: \(fields["outcome"] ?? "")")
    }

    @Test("a gzip bomb (1.6 MB inflating to 256 MB) is stopped at the cap with peak memory under 64 MB above baseline")
    func gzipBombIsBounded() throws {
        let bomb = GzipBomb.body(inflatedBytes: 256 * 1024 * 1024)
        let server = try ScriptedServer { connection, _ in
            guard connection.readRequest() != nil else { return }
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Encoding: gzip\r\n"
                             + "Content-Length: \(bomb.count)\r\nConnection: close\r\n\r\n")
            connection.write(bomb)
        }
        defer { server.stop() }
        let fields = try HTTPProbe.run(["fetch", server.url("/bomb.xml").absoluteString])
        let growth = try #require(fields["peak_growth_kb"].flatMap(Int.init), "probe output: \(fields)")
        #expect(growth < 64 * 1024, "peak memory grew by \(growth / 1024) MB for one response")
        #expect(fields["outcome"] == HTTPError.bodyTooLarge(host: "127.0.0.1", limit: 5 * 1024 * 1024).message,
                "outcome: \(fields["outcome"] ?? "")")
    }

    @Test("libcurl that cannot be loaded fails the request with the package to install, not a crash")
    func libcurlMissing() throws {
        // libcurl is opened with dlopen on the first request; a broken one first on the search path stands in for none.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-no-libcurl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: directory.appendingPathComponent("libcurl.so.4"))
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = directory.path
        let fields = try HTTPProbe.run(["fetch", "http://127.0.0.1:9/feed.xml"], environment: environment)
        let outcome = fields["outcome"] ?? ""
        #expect(outcome.contains("needs libcurl") && outcome.contains("apt-get install libcurl4"), "outcome: \(outcome)")
    }

    @Test("an endless gzip body without Content-Length stops at the decoded cap")
    func endlessCompressedBody() async throws {
        let server = try ScriptedServer { connection, _ in
            guard connection.readRequest() != nil else { return }
            connection.write("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n")
            // A gzip member whose one deflate block never ends.
            connection.write(GzipBomb.start.bytes)
            let chunk = Array([[UInt8]](repeating: GzipBomb.unit, count: 5000).joined())
            while connection.write(chunk) {}
        }
        defer { server.stop() }
        let client = HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: 2 * 1024 * 1024))
        await #expect(throws: HTTPError.bodyTooLarge(host: "127.0.0.1", limit: 2 * 1024 * 1024)) {
            try await client.send(.get(server.url("/endless")))
        }
    }

    @Test("a 301 or 302 whose body never ends (plain or gzip-inflated) stops at the cap, well before the deadline",
          arguments: [(301, false), (302, false), (301, true), (302, true)])
    func endlessRedirectBody(status: Int, compressed: Bool) async throws {
        let server = try ScriptedServer { connection, _ in
            guard connection.readRequest() != nil else { return }
            connection.write("HTTP/1.1 \(status) Moved\r\nLocation: /elsewhere\r\n\(compressed ? "Content-Encoding: gzip\r\n" : "")Connection: close\r\n\r\n")
            if compressed { connection.write(GzipBomb.start.bytes) }
            let chunk = compressed ? Array([[UInt8]](repeating: GzipBomb.unit, count: 5000).joined()) : [UInt8](repeating: 0x20, count: 64 * 1024)
            while connection.write(chunk) {}
        }
        defer { server.stop() }
        let client = HTTPClient(configuration: HTTPClientConfiguration(deadline: .seconds(30), maxBodyBytes: 2 * 1024 * 1024))
        // On a thread of its own: on two cores, long synchronous tests of other suites can hold
        // the shared pool for two minutes (seen in a full run), and the time would be theirs.
        await withTaskExecutorPreference(DedicatedThreadExecutor()) {
            let started = ContinuousClock.now
            await #expect(throws: HTTPError.bodyTooLarge(host: "127.0.0.1", limit: 2 * 1024 * 1024), "the redirect's body was not counted against the cap") {
                try await client.send(.get(server.url("/endless")))
            }
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < .seconds(10), "the endless redirect body was read for \(elapsed) against a 30 s deadline")
        }
    }

    @Test("cancelling the task of a request to a silent server closes its connection within 100 ms")
    func taskCancellationIsPrompt() async throws {
        // All of it on a thread of its own: on two cores, two long synchronous tests of other
        // suites can hold the whole shared pool for a minute, and the cancel would come too late.
        let executor = DedicatedThreadExecutor()
        try await withTaskExecutorPreference(executor) {
            // Timed by the server, when it sees the connection close.
            let closedAt = Moment()
            let requested = Moment()
            let server = try ScriptedServer { connection, _ in
                _ = connection.readRequest()
                requested.record()
                connection.waitForClose()
                closedAt.record()
            }
            defer { server.stop() }
            let client = HTTPClient()
            let task = Task(executorPreference: executor) { () async -> Result<HTTPResponse, HTTPError> in
                do throws(HTTPError) {
                    return .success(try await client.send(.get(server.url("/never"))))
                } catch {
                    return .failure(error)
                }
            }
            // Cancel once the request is out.
            _ = try #require(await requested.next(within: .seconds(60)), "the request never reached the server")
            let cancelledAt = ContinuousClock.now
            task.cancel()
            let result = await task.value
            #expect(throws: HTTPError.cancelled(host: "127.0.0.1")) { try result.get() }
            let closed = try #require(await closedAt.next(within: .seconds(10)), "the connection was never closed")
            #expect(closed - cancelledAt < .milliseconds(100), "the connection closed \(closed - cancelledAt) after the cancel")
        }
    }
}

/// Runs the jobs of the tasks that prefer it on one thread of its own, outside the shared pool.
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init() {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while jobs.isEmpty { condition.wait() }
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        condition.signal()
        condition.unlock()
    }
}

/// A moment a server thread records and a test awaits, without holding a concurrency-pool thread.
final class Moment: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: ContinuousClock.Instant?

    func record() {
        lock.withLock { instant = .now }
    }

    /// The recorded moment, polled every 5 ms until `timeout`; nil when it never came.
    func next(within timeout: Duration) async -> ContinuousClock.Instant? {
        let limit = ContinuousClock.now + timeout
        while ContinuousClock.now < limit {
            if let recorded = lock.withLock({ instant }) { return recorded }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return lock.withLock { instant }
    }
}
