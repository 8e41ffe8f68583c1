import Foundation

/// Feeds `/feed/N.xml` on loopback of which the first `answeredAtOnce` answer at once and the
/// rest hold their answer until `release()` (or ten seconds): a sync caught half-way, for the
/// tests of what an interruption leaves behind.
public final class HeldFeeds: Sendable {
    public let server: LoopbackServer
    /// Requests that reached the server, answered or held.
    public let arrived = ArrivalCount()
    private let held = DispatchSemaphore(value: 0)
    private let count: Int

    public init(count: Int, answeredAtOnce: Int) throws {
        self.count = count
        let (held, arrived) = (held, arrived)
        server = try LoopbackServer { request in
            guard let match = request.path.wholeMatch(of: /\/feed\/(\d+)\.xml/), let number = Int(match.1) else { return .notFound }
            arrived.add()
            if number >= answeredAtOnce { _ = held.wait(timeout: .now() + 10) }
            let xml = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Feed \(number)</title><link>https://site\(number).example/</link>"
                + "<item><guid>f\(number)</guid><title>Item of feed \(number)</title></item></channel></rss>"
            return ServerResponse(status: 200, headers: [(name: "Content-Type", value: "application/rss+xml")], body: Data(xml.utf8))
        }
    }

    public func url(_ number: Int) -> URL { server.url("/feed/\(number).xml") }

    /// Lets every held answer go.
    public func release() {
        for _ in 0..<count { held.signal() }
    }

    /// Releases what is held and stops the server.
    public func stop() {
        release()
        server.stop()
    }
}
