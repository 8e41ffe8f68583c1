// http-probe wait URL SECONDS | fetch URL
// Measures LectorHTTP from a process of its own, so that no other test's threads share the figures:
//   wait:  a GET to a server that never answers; prints the process's CPU use while it waits
//          SECONDS, then how long `HTTPCancellation.cancelAll()` took to end the request.
//          `cpu_percent=<p> cancel_ms=<ms> outcome=<text>`
//   fetch: one GET; prints how far the peak resident memory grew and how it ended.
//          `peak_growth_kb=<kb> outcome=<text>`
import Foundation
import Glibc
import LectorHTTP

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}

/// VmHWM from /proc/self/status: the peak resident set so far, in kB.
func peakResidentKB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

func describe(_ result: Result<HTTPResponse, HTTPError>) -> String {
    switch result {
    case .success(let response): "status \(response.status), \(response.body.count) bytes"
    case .failure(let error): "\(error)"
    }
}

// Unchecked: written on the transfer thread before `done.signal()`, read only after `done.wait()`.
final class Outcome: @unchecked Sendable {
    var result: Result<HTTPResponse, HTTPError>?
    var endedAt = ContinuousClock.now
    let done = DispatchSemaphore(value: 0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let url = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: http-probe wait URL SECONDS | fetch URL\n".utf8))
    exit(2)
}

switch arguments[0] {
case "wait":
    let seconds = Double(arguments.count > 2 ? arguments[2] : "5") ?? 5
    let client = HTTPClient(configuration: HTTPClientConfiguration(deadline: .seconds(120), idleTimeout: .seconds(120)))
    let outcome = Outcome()
    Thread {
        outcome.result = Result { () throws(HTTPError) in try client.sendAndWait(.get(url)) }
        outcome.endedAt = .now
        outcome.done.signal()
    }.start()
    Thread.sleep(forTimeInterval: 0.5)
    let cpuBefore = cpuSeconds()
    let wallBefore = ContinuousClock.now
    Thread.sleep(forTimeInterval: seconds)
    let cpu = cpuSeconds() - cpuBefore
    let wall = ContinuousClock.now - wallBefore
    let cancelledAt = ContinuousClock.now
    HTTPCancellation.cancelAll()
    outcome.done.wait()
    let latency = outcome.endedAt - cancelledAt
    let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    let latencyMS = Double(latency.components.seconds) * 1000 + Double(latency.components.attoseconds) / 1e15
    print(String(format: "cpu_percent=%.2f cancel_ms=%.1f outcome=", cpu / wallSeconds * 100, latencyMS)
          + describe(outcome.result!))
case "fetch":
    let client = HTTPClient()
    let before = peakResidentKB()
    let result = Result { () throws(HTTPError) in try client.sendAndWait(.get(url)) }
    print("peak_growth_kb=\(peakResidentKB() - before) outcome=\(describe(result))")
default:
    exit(2)
}
