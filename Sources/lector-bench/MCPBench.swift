import Foundation
import Glibc

// lector-bench mcp [--sizes 100000,1000000] [--lector PATH] [--runs 20] [--home DIR] [--reuse-store yes]
//
// `lector mcp` on the scale corpus (synced from the GReader emulator as `rules` does it, with no
// rules): one server process, initialized once, then p50 of `tools/call` — request written to
// its answer read — of search_articles for the rare and the common word and of list_articles for
// a page of 20; beside the peer, `lector article list --search WORD` and `lector article list -n 20`
// as whole processes (the way a script without MCP gets the same answer). With --home, each
// size's home is DIR/SIZE and stays; --reuse-store yes skips the sync where a store is there.
enum MCPBench {
    static func run(_ options: BenchOptions) throws {
        let sizes = try options.string("sizes", default: "100000,1000000").split(separator: ",").map { text throws -> Int in
            guard let size = Int(text), size >= 1_000 else { throw BenchError.usage("--sizes takes article counts of at least 1000 (got '\(text)')") }
            return size
        }
        let lector = try options.lector()
        let runs = try options.int("runs", default: 20)
        let kept = options.string("home", default: "")
        let reuse = options.string("reuse-store", default: "no") != "no"
        for size in sizes {
            let home = kept.isEmpty ? try LectorHome(lector: lector, purpose: "mcp") : LectorHome(lector: lector, path: kept + "/\(size)")
            defer { if kept.isEmpty { home.remove() } }
            if !(reuse && FileManager.default.fileExists(atPath: home.databasePath)) {
                try RulesBench.syncAndRule(size, home: home, ruleCount: 0)
            }
            try measure(size, home: home, runs: runs)
        }
    }

    private static func measure(_ size: Int, home: LectorHome, runs: Int) throws {
        let server = try Server(home: home)
        defer { server.stop() }
        let cases: [(String, String, [String], String)] = [
            ("search rare 'quasar'", #"{"name": "search_articles", "arguments": {"query": "quasar", "limit": 20}}"#,
             ["article", "list", "--search", "quasar", "-n", "20", "--json"], "article list --search quasar"),
            ("search common 'river'", #"{"name": "search_articles", "arguments": {"query": "river", "limit": 20}}"#,
             ["article", "list", "--search", "river", "-n", "20", "--json"], "article list --search river"),
            ("list_articles limit 20", #"{"name": "list_articles", "arguments": {"limit": 20}}"#,
             ["article", "list", "-n", "20", "--json"], "article list -n 20"),
        ]
        for (name, call, peer, peerName) in cases {
            _ = try server.call(call)
            var samples: [Double] = []
            for _ in 0..<runs { samples.append(try server.call(call)) }
            let mcp = Percentiles(samples).p50
            _ = try ProcessTimer.runChecked([home.lector] + peer, environment: home.environment)
            let whole = Percentiles(try ProcessTimer.measureCPU([home.lector] + peer, environment: home.environment, runs: min(runs, 10)).map(\.milliseconds)).p50
            ScaleBench.say(String(format: "mcp %d: tools/call %@ p50 %.1f ms; %@ (whole process) p50 %.1f ms (%.2f×)",
                                  size, name, mcp, peerName, whole, mcp / whole))
        }
    }

    /// One `lector mcp` on pipes, initialized.
    final class Server {
        private let process = Process()
        private let input = Pipe(), output = Pipe()
        private var buffer: [UInt8] = []
        private var nextID = 1

        init(home: LectorHome) throws {
            process.executableURL = URL(fileURLWithPath: home.lector)
            process.arguments = ["mcp"]
            process.environment = home.environment
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            _ = try request(#""method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "lector-bench", "version": "1"}}"#)
            try input.fileHandleForWriting.write(contentsOf: Data((#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"# + "\n").utf8))
        }

        /// Milliseconds from writing a tools/call to reading its answer; fails on an error answer.
        func call(_ params: String) throws -> Double {
            let started = DispatchTime.now().uptimeNanoseconds
            let answer = try request(#""method": "tools/call", "params": "# + params)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            guard answer.contains("\"isError\":false") else { throw BenchError.commandFailed("lector mcp tools/call \(params)", 0, String(answer.prefix(300))) }
            return elapsed
        }

        private func request(_ body: String) throws -> String {
            defer { nextID += 1 }
            try input.fileHandleForWriting.write(contentsOf: Data((#"{"jsonrpc": "2.0", "id": \#(nextID), "# + body + "}\n").utf8))
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return line
                }
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                let count = chunk.withUnsafeMutableBytes { read(output.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw BenchError.commandFailed("lector mcp", process.isRunning ? 0 : process.terminationStatus, "ended without answering") }
                buffer += chunk[..<count]
            }
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }
}
