import Foundation
import Testing
import LectorStore
import LectorTestSupport

/// What the crash tests share: feeds served on loopback, homes prepared once and copied per
/// round, a binary started and killed with SIGKILL, and the checks a store must pass after.
enum CrashHarness {
    /// Kills per scenario: `LECTOR_CRASH_ROUNDS` (default 20, the CI figure).
    static var rounds: Int { Int(ProcessInfo.processInfo.environment["LECTOR_CRASH_ROUNDS"] ?? "") ?? 20 }

    /// The seed of the kill times: `LECTOR_CRASH_SEED`, else a fresh one (printed on failure).
    static var seed: UInt64 {
        UInt64(ProcessInfo.processInfo.environment["LECTOR_CRASH_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64.max)
    }

    /// `count` RSS feeds of `items` items each at /feed/N.xml, with text worth indexing.
    static func feedServer(count: Int, items: Int) throws -> LoopbackServer {
        try LoopbackServer { request in
            guard let match = request.path.wholeMatch(of: /\/feed\/(\d+)\.xml/), let feed = Int(match.1), feed < count else {
                return .notFound
            }
            var xml = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Feed \(feed)</title><link>https://site\(feed).example/</link>"
            for item in 0..<items {
                let words = (0..<60).map { "word\(($0 * 7 + item + feed) % 97)" }.joined(separator: " ")
                xml += "<item><title>Feed \(feed) item \(item)</title><guid>f\(feed)-i\(item)</guid>"
                xml += "<link>https://site\(feed).example/\(item)</link><description>&lt;p&gt;\(words)&lt;/p&gt;</description>"
                xml += "<pubDate>Tue, 1 Oct 2024 \(String(format: "%02d", item % 24)):00:00 GMT</pubDate></item>"
            }
            xml += "</channel></rss>"
            return ServerResponse(status: 200, headers: [(name: "Content-Type", value: "application/rss+xml")], body: Data(xml.utf8))
        }
    }

    /// An OPML file of the server's feeds, spread over `folders` folders.
    static func opml(server: LoopbackServer, count: Int, folders: Int, at path: String) throws {
        var text = "<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>crash</title></head><body>"
        for folder in 0..<folders {
            text += "<outline text=\"Folder \(folder)\">"
            for feed in stride(from: folder, to: count, by: folders) {
                let url = server.baseURL.appendingPathComponent("feed/\(feed).xml").absoluteString
                text += "<outline type=\"rss\" text=\"Feed \(feed)\" xmlUrl=\"\(url)\"/>"
            }
            text += "</outline>"
        }
        text += "</body></opml>"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Runs the binary to the end; fails the caller with its stderr when it does not exit 0.
    @discardableResult
    static func run(_ home: TestHome, _ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        let result = try runProcess(TestBinary.path, arguments, environment: home.environment, stdin: stdin)
        guard result.status == 0 else {
            throw CrashFailure("lector \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return result
    }

    /// Starts the binary and kills it with SIGKILL after `delay` (if it is still running).
    /// Returns true when the kill landed before the process ended on its own.
    static func killed(_ home: TestHome, _ arguments: [String], after delay: TimeInterval) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestBinary.path)
        process.arguments = arguments
        process.environment = home.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        let landed = process.isRunning && kill(process.processIdentifier, SIGKILL) == 0
        process.waitUntilExit()
        return landed && process.terminationReason == .uncaughtSignal
    }

    /// How long a clean run of `arguments` takes on a copy of `template`, to spread kills over it.
    static func cleanDuration(template: TestHome, _ arguments: [String]) throws -> TimeInterval {
        let home = try copy(template)
        let started = Date()
        try run(home, arguments)
        return Date().timeIntervalSince(started)
    }

    /// Kills `arguments` at `rounds` random moments of its clean run, each round in a fresh copy
    /// of `template`; after each kill the store must pass `problems`, then `finish` checks and
    /// completes the round (its `String` names the seed, round and kill time for messages).
    /// Prints and returns how many kills landed while the command still ran.
    @discardableResult
    static func killAtRandom(_ scenario: String, template: TestHome, _ arguments: [String],
                             finish: (TestHome, String) throws -> Void) throws -> Int {
        let duration = try cleanDuration(template: template, arguments)
        let seed = seed
        var generator = SeededGenerator(seed: seed)
        var landed = 0
        for round in 0..<rounds {
            let home = try copy(template)
            let delay = Double.random(in: 0.005...(duration * 0.95), using: &generator)
            if try killed(home, arguments, after: delay) { landed += 1 }
            let context = "seed \(seed) round \(round) (kill at \(delay) s)"
            let afterKill = try problems(in: home)
            #expect(afterKill.isEmpty, "\(context): \(afterKill)")
            try finish(home, context)
        }
        print("crash \(scenario): \(landed) of \(rounds) kills landed mid-run (clean run \(Int(duration * 1000)) ms, seed \(seed))")
        #expect(landed >= rounds / 5, "too few kills landed while \(scenario) ran: \(landed)")
        return landed
    }

    /// A fresh home holding a copy of `template`'s files.
    static func copy(_ template: TestHome) throws -> TestHome {
        let home = TestHome()
        try FileManager.default.copyItem(atPath: template.path, toPath: home.path)
        return home
    }

    static func storePath(_ home: TestHome) -> String { home.path + "/data/lector.sqlite" }

    /// Every consistency check the issue asks for; an empty list means the store is sound.
    static func problems(in home: TestHome, indexFed: Bool = false) throws -> [String] {
        let database = try Database(path: storePath(home))
        var problems: [String] = []
        let integrity = try database.query("PRAGMA integrity_check") { $0.string(0) }
        if integrity != ["ok"] { problems.append("integrity_check: \(integrity.prefix(3))") }
        let foreignKeys = try database.query("PRAGMA foreign_key_check") { "\($0.string(0)) row \($0.int64(1))" }
        if !foreignKeys.isEmpty { problems.append("foreign_key_check: \(foreignKeys.prefix(3))") }
        do { try database.execute("INSERT INTO articles_fts (articles_fts) VALUES ('integrity-check')") } catch {
            problems.append("FTS5 integrity-check: \(error)")
        }
        if indexFed {
            // With the backlog fed, the index must match the articles exactly.
            do { try database.execute("INSERT INTO articles_fts (articles_fts, rank) VALUES ('integrity-check', 1)") } catch {
                problems.append("FTS5 integrity-check against the articles: \(error)")
            }
        }
        let counters = try database.scalarInt("""
            SELECT count(*) FROM feeds f WHERE article_count != (SELECT count(*) FROM articles WHERE feed_id = f.id)
               OR unread_count != (SELECT count(*) FROM articles a JOIN article_state s ON s.article_id = a.id
                                   WHERE a.feed_id = f.id AND s.read = 'unread')
            """)
        if counters > 0 { problems.append("\(counters) feed(s) whose article or unread counter disagrees with the articles") }
        return problems
    }

    /// The first column of a query's rows, sorted: a snapshot to compare stores by.
    static func snapshot(_ home: TestHome, _ sql: String) throws -> [String] {
        let database = try Database(path: storePath(home))
        return try database.query(sql) { row in row.string(0) }.sorted()
    }
}

struct CrashFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
