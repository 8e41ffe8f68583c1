import Dispatch
import FoundationEssentials
import LectorBasics
import Synchronization

/// How the check asks feed servers: several servers at once, one request per server at a time,
/// so no server sees Lector more than once in parallel.
extension FeedHealthChecker {
    /// The server a request goes to: host and port (two servers on one machine are two hosts).
    static func hostKey(_ url: URL) -> String {
        "\(url.host?.lowercased() ?? ""):\(url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80))"
    }

    /// Runs the probes with at most `parallelHosts` hosts at a time and one request per host at a time.
    func runPolitely(_ work: [@Sendable () -> FeedProbe], hosts: [String]) -> [FeedProbe] {
        var queues: [String: [Int]] = [:]
        var order: [String] = []
        for (index, host) in hosts.enumerated() {
            if queues[host] == nil { order.append(host) }
            queues[host, default: []].append(index)
        }
        let results = ProbeResults(count: work.count)
        let pending = HostQueue(order.map { queues[$0]! })
        let group = DispatchGroup()
        for _ in 0..<min(max(1, parallelHosts), order.count) {
            group.enter()
            // Plain threads: each blocks on its requests, which must not starve a shared pool.
            DetachedThread.start(name: "lector.check") {
                while let indices = pending.next() {
                    for index in indices { results.set(index, work[index]()) }
                }
                group.leave()
            }
        }
        group.wait()
        return results.all
    }
}

/// The hosts still to visit, handed out one whole host at a time.
private final class HostQueue: Sendable {
    private let hosts: Mutex<[[Int]]>

    init(_ hosts: [[Int]]) { self.hosts = Mutex(hosts.reversed()) }

    func next() -> [Int]? { hosts.withLock { $0.popLast() } }
}

private final class ProbeResults: Sendable {
    private let probes: Mutex<[FeedProbe?]>

    init(count: Int) { probes = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ probe: FeedProbe) { probes.withLock { $0[index] = probe } }

    var all: [FeedProbe] {
        probes.withLock { $0.map { $0 ?? FeedProbe(result: .networkError, status: nil, movedTo: nil, newest: nil, candidates: [], message: "not checked", retryAfter: nil, requests: 0) } }
    }
}
