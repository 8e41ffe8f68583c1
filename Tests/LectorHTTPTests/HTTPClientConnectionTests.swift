import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

@Suite("HTTPClient connections")
struct HTTPClientConnectionTests {
    @Test("a POST on a kept-alive connection the server drops unanswered is sent again on a fresh one")
    func droppedKeepAlivePostIsRetried() throws {
        let server = try ScriptedServer { connection, index in
            if index == 0 {
                // Answer the first request and keep the connection, then drop the next one unanswered.
                guard connection.readRequest() != nil else { return }
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: keep-alive\r\n\r\nwarm")
                _ = connection.readRequest()
                return
            }
            guard let request = connection.readRequest() else { return }
            let body = String(decoding: request.body, as: UTF8.self)
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        }
        defer { server.stop() }
        let client = HTTPClient(configuration: HTTPClientConfiguration(deadline: .seconds(30), idleTimeout: .seconds(10)))
        let warm = try client.sendAndWait(.get(server.url("/warm")))
        #expect(warm.text == "warm")
        let start = ContinuousClock.now
        let posted = try client.sendAndWait(.postForm(server.url("/post"), fields: [("n", "1")]))
        #expect(posted.status == 200)
        #expect(posted.text == "n=1", "the body was replayed on the new connection")
        #expect(ContinuousClock.now - start < .seconds(5), "the retry did not wait for the idle timeout")
    }

    @Test("sequential requests to one server reuse a single connection")
    func connectionReuse() throws {
        let server = try ScriptedServer { connection, _ in
            while let request = connection.readRequest() {
                _ = request
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok")
            }
        }
        defer { server.stop() }
        let client = HTTPClient()
        for _ in 0..<5 { _ = try client.sendAndWait(.get(server.url("/x"))) }
        let connections = server.accepted
        #expect(connections == 1, "\(connections) connections for 5 requests")
    }
}
