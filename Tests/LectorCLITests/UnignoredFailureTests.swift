import Foundation
import LectorHTTP
import LectorFeeds
import Testing
@testable import LectorCLI
@testable import LectorAccounts
@testable import LectorStore
import LectorSettings
@testable import LectorSync

/// Failures that used to vanish behind a `try?`: a file that stays when Lector said it was
/// removed, a log that could not be written, history that was silently not kept, a store that
/// could not be read taken for "no such folder".
@Suite("Failures that are reported, not ignored", .serialized)
struct UnignoredFailureTests {
    @Test("profile remove on a read-only profiles folder exits 1 naming the file, which stays",
          .enabled(if: SmallFilesystem.canMount, "needs root to mount a read-only tmpfs"))
    func profileRemoveThatFails() throws {
        let home = TestHome()
        let folder = AppDirectories.resolve(environment: home.environment).profilesDirectory
        let mount = try MountedFolder(at: folder)
        defer { mount.unmount() }
        try CrashHarness.run(home, ["profile", "save", "mine"])
        try mount.makeReadOnly()
        let result = try runProcess(TestBinary.path, ["profile", "remove", "mine"], environment: home.environment)
        #expect(result.status == 1, "a profile that could not be deleted was reported removed: exit \(result.status), \(result.stdout)")
        #expect(result.stderr.contains(folder + "/mine.json") && result.stderr.split(separator: "\n").count == 1,
                "one line naming the file: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/mine.json"))
    }

    @Test("schedule remove that cannot delete a unit exits 1 saying background sync may still run",
          .enabled(if: SmallFilesystem.canMount, "needs root to mount a read-only tmpfs"))
    func scheduleRemoveThatFails() throws {
        let home = TestHome()
        let folder = AppDirectories.resolve(environment: home.environment).systemdUser
        let mount = try MountedFolder(at: folder)
        defer { mount.unmount() }
        for unit in [SystemdUnits.timer, SystemdUnits.service] {
            try "[Unit]\n".write(toFile: folder + "/" + unit, atomically: false, encoding: .utf8)
        }
        try mount.makeReadOnly()
        let result = try runProcess(TestBinary.path, ["schedule", "remove"], environment: home.environment)
        #expect(result.status == 1, "units that stay were reported removed: exit \(result.status), \(result.stdout)")
        #expect(result.stderr.contains(SystemdUnits.timer) && result.stderr.contains("may still run"), "\(result.stderr)")
    }

    @Test("sync --auto whose log cannot be written still syncs (exit 0) and says so in one note")
    func syncLogNotWritable() throws {
        let home = TestHome()
        try CrashHarness.run(home, ["account", "add", "local", "--name", "Home"])
        let log = AppDirectories.resolve(environment: home.environment).syncLogPath
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        let result = try runProcess(TestBinary.path, ["sync", "--auto"], environment: home.environment)
        #expect(result.status == 0, "the sync itself worked: exit \(result.status), \(result.stderr)")
        #expect(result.stderr.hasPrefix("note: cannot write the sync log \(log)") && result.stderr.split(separator: "\n").count == 1,
                "one note naming the log: '\(result.stderr)'")
    }

    @Test("sync --auto with its log on a full disk does not crash: exit 0 and a note that the disk is full",
          .enabled(if: SmallFilesystem.canMount, "needs root to mount a small tmpfs"))
    func syncLogOnFullDisk() throws {
        let home = TestHome()
        try CrashHarness.run(home, ["account", "add", "local", "--name", "Home"])
        let directories = AppDirectories.resolve(environment: home.environment)
        let mount = try MountedFolder(at: directories.state, kilobytes: 16)
        defer { mount.unmount() }
        // A log that fills its page exactly, so the next line needs a page the disk no longer has.
        try (Data(repeating: UInt8(ascii: "x"), count: 4_095) + Data("\n".utf8))
            .write(to: URL(fileURLWithPath: directories.syncLogPath))
        _ = try runProcess("/bin/dd", ["if=/dev/zero", "of=\(directories.state)/filler", "bs=1024"], environment: [:])
        let result = try runProcess(TestBinary.path, ["sync", "--auto"], environment: home.environment)
        #expect(result.status == 0, "exit \(result.status) (132 is SIGILL, the trapping write): \(result.stderr)")
        #expect(result.stderr.contains("cannot write the sync log") && result.stderr.contains("No space left"), "\(result.stderr)")
    }

    @Test("the REPL says once when its history cannot be saved, and works on",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is not installed"))
    func historyNotKept() throws {
        let home = TestHome()
        let directories = AppDirectories.resolve(environment: home.environment)
        // The state folder is a file: nothing can be created in it.
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        try "not a folder".write(toFile: directories.state, atomically: false, encoding: .utf8)
        let session = try TmuxSession(command: TestBinary.path, environment: home.environment)
        let screen = try session.wait(for: "history will not be saved")
        #expect(screen.contains(directories.state), "the note names what failed: \(screen)")
        try session.type("version", "Enter")
        try session.wait(for: "lector \(LectorVersion.current)")
    }

    @Test("a store that cannot list folders stops a folder lookup and a feed's remote reference, never reads as 'no folder'")
    func unreadableFoldersAreAnError() throws {
        let home = TestHome()
        let feed = try home.addFeed(title: "Tide Tables", folder: "Coast", account: "Personal")
        let store = try home.store()
        let account = try #require(try store.accounts.named("Personal"))
        let administrator = AccountAdministrator(store: store, account: account, provider: LocalProvider(fetcher: FeedFetcher(http: HTTPClient())))
        #expect(try administrator.existingFolder(named: "Coast")?.name == "Coast")
        #expect(try administrator.existingFolder(named: "Elsewhere") == nil, "no such folder is nil")
        #expect(try administrator.reference(feed).folder?.name == "Coast")
        // Another connection takes the table away: every read of folders now fails in the store.
        let other = try Database(path: home.session().directories.databasePath)
        try other.execute("PRAGMA foreign_keys = OFF")
        try other.execute("ALTER TABLE folders RENAME TO folders_gone")
        #expect(throws: AdministrationError.self, "a failed read taken for 'no such folder' would create one") {
            _ = try administrator.existingFolder(named: "Coast")
        }
        #expect(throws: AdministrationError.self, "a reference without the current folder would leave the feed in two labels") {
            _ = try administrator.reference(feed)
        }
    }

    @Test("after a restore, a sync whose store cannot list the feeds says the comparison waits, keeps it, and claims nothing missing")
    func restoredComparisonOnUnreadableStore() throws {
        let home = TestHome()
        let feed = try home.addFeed(title: "Tide Tables", folder: "Coast", account: "Personal")
        let store = try home.store()
        let account = try #require(try store.accounts.named("Personal"))
        let session = home.session()
        let restored = RestoredSubscriptions(directories: session.directories)
        let backup = BackupSubscriptions(folders: ["Coast"], feeds: [BackupFeed(title: feed.title, url: feed.url, siteURL: nil, folder: "Coast")])
        try restored.save(backup, accountID: account.id)
        let other = try Database(path: session.directories.databasePath)
        try other.execute("PRAGMA foreign_keys = OFF")
        try other.execute("ALTER TABLE feeds RENAME TO feeds_gone")
        let lines = SyncCommands.comparedWithRestoredBackup(account, store: store, session: session)
        #expect(lines.count == 1 && lines[0].contains("not compared with the backup yet"),
                "a store that cannot be read must not read as 'the server lacks your feeds': \(lines)")
        try other.execute("ALTER TABLE feeds_gone RENAME TO feeds")
        let later = SyncCommands.comparedWithRestoredBackup(account, store: store, session: session)
        #expect(later == ["compared with the backup: the server has the same 1 feed(s)"], "the comparison was kept for the next sync: \(later)")
    }
}

/// A tmpfs mounted over a folder of a test home, so a test can make it read-only or full.
final class MountedFolder {
    let path: String
    private var mounted = false

    init(at path: String, kilobytes: Int = 256) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // mode=0700: a tmpfs's root is 1777 otherwise, a shared folder Lector rightly refuses to use
        // as its own; the folder stands in for Lector's private state folder.
        let result = try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path], environment: [:])
        guard result.status == 0 else { throw CrashFailure("mount: \(result.stderr)") }
        mounted = true
    }

    func makeReadOnly() throws {
        let result = try runProcess("/bin/mount", ["-o", "remount,ro", path], environment: [:])
        guard result.status == 0 else { throw CrashFailure("remount: \(result.stderr)") }
    }

    func unmount() {
        guard mounted else { return }
        mounted = false
        _ = try? runProcess("/bin/umount", [path], environment: [:])
    }

    deinit { unmount() }
}
