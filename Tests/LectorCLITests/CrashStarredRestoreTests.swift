import Foundation
import Testing
import LectorStore
import LectorTestSupport

/// A restore whose starred section meets a full disk part-way: it exits 1 with the one line every
/// store failure gives, counts each archived article once (put back, or not taken), and a second
/// restore on a disk with room completes it exactly (issue 38, item 8).
@Suite("Crash: a starred restore on a full disk", .serialized)
struct CrashStarredRestoreTests {
    static let feeds = 6
    static let items = 20

    /// "N of M found (K newly starred), R re-created, T not taken" of the account's starred line.
    private static func counts(_ output: String, account: String) -> (found: Int, wanted: Int, recreated: Int, notTaken: Int)? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("* starred in '\(account)'") }),
              let match = String(line).firstMatch(of: /(\d+) of (\d+) found \(\d+ newly starred\), (\d+) re-created, (\d+) not taken/) else {
            return nil
        }
        return (Int(match.1)!, Int(match.2)!, Int(match.3)!, Int(match.4)!)
    }

    @Test("the store fills while starred articles are re-created: exit 1, one line, each article counted once; a second restore completes it")
    func starredRestoreOnFullDisk() throws {
        let server = try CrashHarness.feedServer(count: Self.feeds, items: Self.items)
        defer { server.stop() }
        let source = TestHome()
        try CrashHarness.run(source, ["account", "add", "local", "--name", "Home"])
        let opml = source.path + "/feeds.opml"
        try CrashHarness.opml(server: server, count: Self.feeds, folders: 2, at: opml)
        try CrashHarness.run(source, ["opml", "import", opml, "--account", "Home"])
        try CrashHarness.run(source, ["sync", "--account", "Home"])
        let store = try Store(path: CrashHarness.storePath(source))
        let ids = try store.database.query("SELECT id FROM articles") { $0.int64(0) }
        try store.states.setStarred(ids, to: true)
        let wanted = ids.count
        let backup = source.path + "/backup.json"
        try CrashHarness.run(source, ["backup", "export", backup])
        let starredRows = "SELECT a.url FROM articles a JOIN article_state s ON s.article_id = a.id WHERE s.starred = 1"
        let expected = try CrashHarness.snapshot(source, starredRows)
        #expect(expected.count == wanted)

        var partway = 0
        // The restore's own transaction takes a few hundred writes; each re-created article a few more.
        for write in stride(from: 150, through: 900, by: 50) {
            let target = TestHome()
            var environment = target.environment
            environment[StoreFaultInjection.variable] = "full@\(write)"
            let full = try runProcess(TestBinary.path, ["backup", "restore", backup, "--yes"], environment: environment)
            let context = "full@\(write)"
            guard let counts = Self.counts(full.stdout, account: "Home") else {
                // The disk filled before the starred section: the restore as a whole failed.
                #expect(full.status == 1 && full.stderr.contains("disk is full"), "\(context): exit \(full.status): \(full.stderr)")
                continue
            }
            #expect(counts.wanted == wanted, "\(context): \(counts)")
            #expect(counts.found + counts.recreated + counts.notTaken == wanted,
                    "\(context): \(counts.found) found + \(counts.recreated) re-created + \(counts.notTaken) not taken is not the \(wanted) archived: \(full.stdout)")
            let stored = try CrashHarness.snapshot(target, starredRows).count
            #expect(stored == counts.found + counts.recreated, "\(context): \(stored) starred in the store, the restore says \(counts.recreated) re-created")
            if counts.recreated > 0 && counts.notTaken > 0 {
                partway += 1
                let lines = full.stderr.split(separator: "\n")
                #expect(full.status == 1, "\(context): a restore the disk stopped part-way must not exit \(full.status)")
                #expect(lines.count == 1 && lines[0].contains("disk is full"), "\(context): one line saying the disk is full: \(lines)")
                #expect(full.stdout.split(separator: "\n").filter { $0.contains("not taken:") }.count == 1,
                        "\(context): the articles the disk kept out are said once: \(full.stdout)")
            }
            let again = try runProcess(TestBinary.path, ["backup", "restore", backup, "--yes"], environment: target.environment)
            #expect(again.status == 0, "\(context): the second restore: exit \(again.status): \(again.stderr)")
            let completed = try CrashHarness.snapshot(target, starredRows)
            #expect(completed == expected, "\(context): the second restore did not complete the starred articles (\(completed.count) of \(expected.count)): \(again.stdout)")
        }
        #expect(partway > 0, "no fault landed while starred articles were re-created: the test proved nothing")
        print("crash starred restore: \(partway) full disks landed part-way through the starred section")
    }
}
