import Foundation
import Testing
import LectorStore
import LectorTestSupport

/// A store that fails — a full disk, another process holding the write lock — ends a command with
/// one line saying so and exit code 1, never a crash, and loses nothing already stored.
@Suite("Store errors end commands cleanly", .serialized)
struct StoreErrorTests {
    static let feeds = 12

    /// A home with a local account subscribed to loopback feeds.
    private func subscribedHome(_ server: LoopbackServerHolder) throws -> TestHome {
        let home = TestHome()
        try CrashHarness.run(home, ["account", "add", "local", "--name", "Home"])
        let opml = home.path + "/feeds.opml"
        try CrashHarness.opml(server: server.server, count: Self.feeds, folders: 3, at: opml)
        try CrashHarness.run(home, ["opml", "import", opml, "--account", "Home"])
        return home
    }

    private func run(_ home: TestHome, _ arguments: [String], fault: String? = nil) throws -> ProcessResult {
        var environment = home.environment
        environment[StoreFaultInjection.variable] = fault
        return try runProcess(TestBinary.path, arguments, environment: environment)
    }

    private func expectCleanFailure(_ result: ProcessResult, saying phrase: String, _ context: String) {
        #expect(result.status == 1, "\(context): exit \(result.status) (132 is SIGILL, a crash), stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 1 && lines[0].contains(phrase), "\(context): expected one line saying '\(phrase)', got \(lines)")
        #expect(!result.stdout.contains(phrase), "\(context): the error was printed twice (also on stdout): \(result.stdout)")
    }

    @Test("a local sync whose store fails at the N-th write (full disk, busy store) exits 1 with one line; the next sync completes",
          arguments: ["full@1", "full@3", "full@8", "full@30", "busy@5"])
    func syncStoreFault(fault: String) throws {
        let server = try LoopbackServerHolder(feeds: Self.feeds, items: 20)
        let home = try subscribedHome(server)
        let result = try run(home, ["sync", "--account", "Home"], fault: fault)
        expectCleanFailure(result, saying: fault.hasPrefix("full") ? "disk is full" : "store is busy", "sync with \(fault)")
        #expect(try CrashHarness.problems(in: home).isEmpty)
        let clean = try run(home, ["sync", "--account", "Home"])
        #expect(clean.status == 0, "the sync after the failure must work: \(clean.stderr)")
        #expect(try CrashHarness.snapshot(home, "SELECT server_id FROM articles a JOIN accounts c ON c.id = a.account_id WHERE c.name = 'Home'").count
                == Self.feeds * 20)
    }

    @Test("mark-all-read, opml import and backup restore on a full disk exit 1 saying so, and change nothing")
    func otherCommandsOnFullDisk() throws {
        let server = try LoopbackServerHolder(feeds: Self.feeds, items: 5)
        let home = try subscribedHome(server)
        try CrashHarness.run(home, ["sync", "--account", "Home"])
        let unread = "SELECT a.server_id FROM articles a JOIN article_state s ON s.article_id = a.id WHERE s.read = 'unread'"
        let before = try CrashHarness.snapshot(home, unread)
        expectCleanFailure(try run(home, ["article", "mark-all-read", "--account", "Home", "--yes"], fault: "full@1"),
                           saying: "disk is full", "mark-all-read")
        #expect(try CrashHarness.snapshot(home, unread) == before, "a failed mark-all-read changed the store")

        let other = try LoopbackServerHolder(feeds: 40, items: 1)
        let opml = home.path + "/more.opml"
        try CrashHarness.opml(server: other.server, count: 40, folders: 2, at: opml)
        for write in [1, 4, 9] {
            // Not a list of per-feed failures: the import stops at the store error and says so once.
            expectCleanFailure(try run(home, ["opml", "import", opml, "--account", "Home"], fault: "full@\(write)"),
                               saying: "disk is full", "opml import failing at write \(write)")
        }

        let backup = home.path + "/backup.json"
        try CrashHarness.run(home, ["backup", "export", backup])
        let target = TestHome()
        try CrashHarness.run(target, ["account", "add", "local", "--name", "Before"])
        expectCleanFailure(try run(target, ["backup", "restore", backup, "--yes", "--replace"], fault: "full@1"),
                           saying: "disk is full", "backup restore")
        #expect(try CrashHarness.snapshot(target, "SELECT name FROM accounts") == ["Before"], "a failed restore applied part of the file")
    }

    @Test("a sync while another connection holds the write lock past the busy timeout exits 1 saying the store is busy")
    func syncAgainstHeldLock() throws {
        let server = try LoopbackServerHolder(feeds: Self.feeds, items: 20)
        let home = try subscribedHome(server)
        let holder = try Database(path: CrashHarness.storePath(home))
        try holder.execute("BEGIN IMMEDIATE")
        let result = try run(home, ["sync", "--account", "Home"])
        try holder.execute("ROLLBACK")
        expectCleanFailure(result, saying: "store is busy", "sync against a held write lock")
        #expect(try CrashHarness.problems(in: home).isEmpty)
    }

    @Test("a sync of an account another live process is syncing waits briefly, then exits 4 saying 'already syncing'; --auto skips it")
    func alreadySyncing() throws {
        let server = try LoopbackServerHolder(feeds: Self.feeds, items: 2)
        let home = try subscribedHome(server)
        let store = try Store(path: CrashHarness.storePath(home))
        let account = try #require(try store.accounts.named("Home"))
        // This test process stands for the other sync: it is alive and its heartbeat is fresh.
        _ = try store.syncClaims.claim(accountID: account.id, pid: getpid(), token: "other-sync",
                                       now: Date().timeIntervalSince1970, staleAfter: 120, isAlive: { _ in true })
        let started = Date()
        let result = try run(home, ["sync", "--account", "Home"])
        #expect(result.status == 4, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("already syncing") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) >= 4, "the second sync must wait for the first a moment before giving up")
        let auto = try run(home, ["sync", "--auto", "--json", "--account", "Home"])
        #expect(auto.status == 0 && auto.stdout.contains("\"skipped\""), "an automatic run skips a busy account: \(auto.stdout) \(auto.stderr)")
        try store.syncClaims.release(accountID: account.id, token: "other-sync")
        let after = try run(home, ["sync", "--account", "Home"])
        #expect(after.status == 0, "once the other sync is done, a sync runs: exit \(after.status), \(after.stdout) \(after.stderr)")
    }

    @Test("on a really full file system: sync exits 1 saying the disk is full; backup export too",
          .enabled(if: SmallFilesystem.canMount, "needs root to mount a small tmpfs"))
    func realFullDisk() throws {
        let disk = try SmallFilesystem(kilobytes: 2_048)
        defer { disk.unmount() }
        let server = try LoopbackServerHolder(feeds: 20, items: 60)
        let home = TestHome(path: disk.path + "/home")
        try CrashHarness.run(home, ["account", "add", "local", "--name", "Home"])
        let opmlFolder = try TemporaryFolder.make("lector-full-opml")
        defer { try? FileManager.default.removeItem(atPath: opmlFolder) }
        let opml = opmlFolder + "/feeds.opml"
        try CrashHarness.opml(server: server.server, count: 20, folders: 2, at: opml)
        try CrashHarness.run(home, ["opml", "import", opml, "--account", "Home"])
        // Fill what is left but a little: the sync's articles cannot fit.
        let filler = disk.path + "/filler"
        #expect(FileManager.default.createFile(atPath: filler, contents: Data(count: max(0, try disk.freeBytes() - 48 * 1024))))
        let result = try run(home, ["sync", "--account", "Home"])
        expectCleanFailure(result, saying: "disk is full", "sync on a full disk")
        try FileManager.default.removeItem(atPath: filler)
        // The backup goes to another, already full, file system.
        let target = try SmallFilesystem(kilobytes: 16)
        defer { target.unmount() }
        #expect(FileManager.default.createFile(atPath: target.path + "/filler", contents: Data(count: try target.freeBytes())))
        let export = try run(home, ["backup", "export", target.path + "/backup.json"])
        #expect(export.status == 1 && export.stderr.contains("disk is full"), "backup export to a full disk: \(export.stderr)")
        #expect(try CrashHarness.problems(in: home).isEmpty)
    }
}

/// A loopback feed server that stops with its holder.
final class LoopbackServerHolder {
    let server: LoopbackServer
    init(feeds: Int, items: Int) throws { server = try CrashHarness.feedServer(count: feeds, items: items) }
    deinit { server.stop() }
}

/// A tmpfs of a given size, for a real full disk.
final class SmallFilesystem {
    let path = NSTemporaryDirectory() + "lector-small-fs-" + UUID().uuidString
    private var mounted = false

    static let canMount: Bool = {
        guard geteuid() == 0, let probe = try? SmallFilesystem(kilobytes: 64) else { return false }
        probe.unmount()
        return true
    }()

    init(kilobytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path], environment: [:])
        guard result.status == 0 else { throw CrashFailure("mount: \(result.stderr)") }
        mounted = true
    }

    func freeBytes() throws -> Int {
        let attributes = try FileManager.default.attributesOfFileSystem(forPath: path)
        return (attributes[.systemFreeSize] as? NSNumber)?.intValue ?? 0
    }

    func unmount() {
        guard mounted else { return }
        mounted = false
        _ = try? runProcess("/bin/umount", [path], environment: [:])
        try? FileManager.default.removeItem(atPath: path)
    }

    deinit { unmount() }
}
