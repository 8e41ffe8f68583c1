import Foundation

// lector-bench repl-memory [--lector PATH] [--commands 1000]
//
// Resident memory of one long session: the same mix of everyday commands (list, read, mark,
// search, settings, help) fed to one `lector` process on standard input, as a REPL session would
// type them; the resident set (VmRSS) is read from /proc after 10 commands and after `commands`.
// A flat session stays within a few MB; the peer is the same process after its first 10.
enum ReplMemoryBench {
    static let mix = ["article list --limit 20", "article read 1", "feed list", "article list --unread --limit 10",
                      "article mark unread 1", "folder list", "article list --search lighthouse --limit 5", "settings get reader.font",
                      "help article", "account list"]

    static func run(_ options: BenchOptions) throws {
        let lector = try options.lector()
        let total = try options.int("commands", default: 1_000)
        let home = try LectorHome(lector: lector, purpose: "repl-memory")
        defer { home.remove() }
        try home.run("feed", "list")  // seeds the demo library
        let session = try Session(lector: lector, environment: home.environment)
        defer { session.finish() }
        try session.send(commands: 10)
        let early = session.residentKiB()
        try session.send(commands: total - 10)
        let late = session.residentKiB()
        print(String(format: "repl-memory: resident %.1f MB after 10 commands, %.1f MB after %d (+%.1f MB)",
                     Double(early) / 1024, Double(late) / 1024, total, Double(late - early) / 1024))
        Summary.record("repl-memory", "RSS after \(total) commands in one session", lector: String(format: "%.1f MB", Double(late) / 1024),
                       peer: String(format: "after 10: %.1f MB", Double(early) / 1024),
                       ratio: String(format: "%.2f×", Double(late) / Double(max(1, early))), goal: "flat (≤ 1.1×)")
    }

    /// One `lector` reading commands from a pipe; a marker command after each batch tells when
    /// the batch is done, so the resident set is read while the process is idle.
    final class Session {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        private var sent = 0
        private var buffer = Data()

        init(lector: String, environment: [String: String]) throws {
            process.executableURL = URL(fileURLWithPath: lector)
            process.arguments = ["--keep-going"]
            process.environment = environment
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func send(commands count: Int) throws {
            var text = ""
            for _ in 0..<count {
                text += ReplMemoryBench.mix[sent % ReplMemoryBench.mix.count] + "\n"
                sent += 1
            }
            text += "version\n"
            input.fileHandleForWriting.write(Data(text.utf8))
            // `version` prints the line "lector X.Y.Z": the batch is done when it appears.
            while true {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw BenchError.check("lector ended during the session") }
                buffer.append(chunk)
                let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n")
                if lines.contains(where: { $0.wholeMatch(of: /lector \d+\.\d+.*/) != nil }) {
                    buffer.removeAll()
                    return
                }
                if buffer.count > 1 << 20 { buffer = Data(buffer.suffix(64 * 1024)) }
            }
        }

        func residentKiB() -> Int {
            guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                  let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
            return value
        }

        func finish() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }
}
