import Foundation
import LectorTestSupport
import LectorFeeds

// lector-bench parse-one [--raw] FILE
//
// Parses one file once in this (fresh) process and prints `peak_kib=N items=N bytes=N`, so the
// parent can read the peak RSS of a parse without its own heap in the way. --raw runs the
// libxml2 counting pass instead of FeedParser.
enum ParseOne {
    static func run(_ arguments: [String]) throws {
        let raw = arguments.contains("--raw")
        guard let path = arguments.last(where: { $0 != "--raw" }) else { throw BenchError.usage(usage) }
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchError.usage("cannot read \(path)") }
        let count: Int
        if raw {
            count = RawSAXCounter.count(data)
        } else {
            do { count = try FeedParser.parse(data, url: URL(string: "http://127.0.0.1/big.xml"), contentType: nil).items.count } catch {
                throw BenchError.check("\(path) did not parse: \(error)")
            }
        }
        print("peak_kib=\(PeakMemory.kibibytes()) count=\(count) bytes=\(data.count)")
    }

    /// Runs `parse-one` in a child process and returns its peak RSS in KiB and its count.
    static func measure(file: String, raw: Bool) throws -> (peakKiB: Int, count: Int) {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let run = try ProcessTimer.runChecked([executable, "parse-one"] + (raw ? ["--raw"] : []) + [file])
        var fields: [String: Int] = [:]
        for pair in run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let peak = fields["peak_kib"], let count = fields["count"] else {
            throw BenchError.check("parse-one printed no figures: \(run.output)")
        }
        return (peak, count)
    }
}
