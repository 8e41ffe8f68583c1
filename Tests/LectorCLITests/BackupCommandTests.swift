import Foundation
import Testing
@testable import LectorCLI
@testable import LectorStore

@Suite("Backup commands")
struct BackupCommandTests {
    /// A home with a local account holding folders, feeds and a reading-list item, and changed settings.
    private func populatedHome() throws -> TestHome {
        let home = TestHome()
        try home.addFeed(title: "Alpha Weekly", folder: "News", account: "Personal")
        try home.addFeed(title: "Beta Daily", folder: "Tech", account: "Personal")
        let store = try home.store()
        try store.accounts.insert(kind: .freshrss, name: "Server", url: "https://rss.example.org/api/greader.php", username: "alice")
        let personal = try #require(try store.accounts.named("Personal"))
        try store.readingList.add(accountID: personal.id, url: "https://example.org/long-read", title: "A long read")
        _ = try home.run("settings", "set", "reader.font", "classic")
        _ = try home.run("dock", "remove", "share")
        return home
    }

    @Test("export then restore on another machine reproduces the setup, and a second restore has nothing to do")
    func roundTrip() throws {
        let source = try populatedHome()
        let file = source.path + "/backup.json"
        _ = try source.run("backup", "export", file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "the backup file must be private")

        let target = TestHome()
        let output = try target.run("backup", "restore", file, "--yes")
        #expect(output.contains("Account 'Server' needs its secret"), "remote accounts ask for their secret:\n\(output)")
        #expect(try target.run("settings", "get", "reader.font") == "classic\n")
        #expect(!(try target.run("dock", "list")).contains("share"))
        let feeds = try target.run("feed", "list", "--account", "Personal")
        #expect(feeds.contains("Alpha Weekly") && feeds.contains("Beta Daily"), "\(feeds)")
        let server = try #require(try target.store().accounts.named("Server"))
        #expect(server.needsPassword && server.url == "https://rss.example.org/api/greader.php" && server.username == "alice")
        #expect(try target.store().readingList.all().map(\.title) == ["A long read"])
        #expect(try target.store().accounts.all().allSatisfy { !$0.isDemo }, "a restore of real accounts removes the demo library")
        #expect(try target.run("backup", "restore", file, "--dry-run").contains("Nothing to restore"),
                "after a restore the plan must be empty")
    }

    @Test("saved profiles travel in the backup and are restored into the new machine's profiles directory")
    func profilesTravel() throws {
        let source = TestHome()
        _ = try source.run("settings", "set", "reader.font", "classic")
        _ = try source.run("profile", "save", "evening", "--description", "Evening reading")
        let file = source.path + "/backup.json"
        _ = try source.run("backup", "export", file)
        let target = TestHome()
        #expect(try target.run("backup", "restore", file, "--dry-run").contains("+ profiles evening"), "the plan names the profile")
        _ = try target.run("backup", "restore", file, "--yes")
        #expect(try target.run("profile", "show", "evening").contains("classic"), "the restored profile carries its settings")
        #expect(try target.run("backup", "restore", file, "--dry-run").contains("Nothing to restore"), "a second restore has nothing to do")
    }

    @Test("the export holds no demo content and only the selected sections")
    func exportSections() throws {
        let home = TestHome()
        let json = try home.run("backup", "export", "--sections", "settings")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["accounts"] as? [Any])?.isEmpty == true, "the demo account is not exported")
        #expect(object["subscriptions"] == nil && object["reading_list"] == nil)
        #expect(throws: CLIError.self) { try home.run("backup", "export", "--sections", "setings") }
    }

    @Test("a dry run lists changes key by key and changes nothing")
    func dryRun() throws {
        let source = try populatedHome()
        let file = source.path + "/backup.json"
        _ = try source.run("backup", "export", file)
        let target = TestHome()
        let plan = try target.run("backup", "restore", file, "--dry-run")
        #expect(plan.contains("reader.font: system → classic") && plan.contains("Server"), "\(plan)")
        #expect(try target.store().settings.all().isEmpty && target.store().accounts.named("Server") == nil)
    }

    @Test("broken, truncated and newer-major files fail with one line and change nothing", arguments: [
        ("{\"format\": \"lector-backup\", \"version\": \"1.0\"", "truncated"),
        ("not json at all", "not valid JSON"),
        ("{\"format\": \"lector-backup\", \"version\": \"9.0\", \"tool_version\": \"9\", \"created_at\": \"2030-01-01T00:00:00Z\", \"accounts\": [], \"settings\": {}}", "newer Lector"),
        ("{\"format\": \"something-else\", \"version\": \"1.0\"}", "format"),
    ])
    func badFiles(content: String, expected: String) throws {
        let home = TestHome()
        _ = try home.run("settings", "set", "reader.font", "news")
        let file = home.path + "/bad.json"
        try content.write(toFile: file, atomically: true, encoding: .utf8)
        let error = #expect(throws: CLIError.self) { try home.run("backup", "restore", file, "--yes") }
        #expect(error?.exitStatus == .failure && error?.description.contains(expected) == true, "\(String(describing: error))")
        #expect(error?.description.contains("\n") == false, "one line")
        #expect(try home.run("settings", "get", "reader.font") == "news\n", "nothing changed")
    }
}

@Suite("Backup round trip and atomicity", .serialized)
struct BackupAtomicityTests {
    @Test("export, restore into a fresh home, export again: the same document apart from its creation time")
    func exportRestoreExportIsStable() throws {
        let source = TestHome()
        try source.addFeed(title: "Alpha", folder: "News", account: "Personal")
        try source.addFeed(title: "Beta", folder: "Tech", account: "Personal")
        _ = try source.run("settings", "set", "reader.bionic", "F4")
        _ = try source.run("swipe", "set", "leading", "share", "toggle-star")
        let first = source.path + "/first.json"
        _ = try source.run("backup", "export", first)
        let target = TestHome()
        _ = try target.run("backup", "restore", first, "--yes")
        let second = target.path + "/second.json"
        _ = try target.run("backup", "export", second)
        func document(_ path: String) throws -> NSDictionary {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            return object.filter { $0.key != "created_at" } as NSDictionary
        }
        #expect(try document(first) == document(second), "the second export differs from the first")
    }

    @Test("a restore killed with SIGKILL at any moment leaves all of the old state or all of the new")
    func killedRestoreIsAllOrNothing() throws {
        let source = TestHome()
        let sourceStore = try source.store()
        try sourceStore.database.write {
            for accountIndex in 0..<4 {
                let account = try sourceStore.accounts.insert(kind: .local, name: "Account \(accountIndex)")
                for feedIndex in 0..<500 {
                    try sourceStore.feeds.insert(accountID: account.id, folderID: nil, serverID: "f\(feedIndex)", title: "Feed \(accountIndex)-\(feedIndex)",
                                                 url: "https://example.org/\(accountIndex)/\(feedIndex).xml", siteURL: nil)
                }
            }
        }
        _ = try source.run("settings", "set", "reader.font", "classic")
        let file = source.path + "/big.json"
        _ = try source.run("backup", "export", file)

        /// Restores into a fresh home, killing the restore after `delay` unless it ended first:
        /// which state the store holds, and whether the kill landed while the restore ran.
        func restore(killedAfter delay: TimeInterval?) throws -> (new: Bool, killed: Bool) {
            let target = TestHome()
            _ = try target.run("settings", "set", "reader.font", "news")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestBinary.path)
            process.arguments = ["backup", "restore", file, "--yes"]
            process.environment = target.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            var killed = false
            if let delay {
                Thread.sleep(forTimeInterval: delay)
                killed = process.isRunning && kill(process.processIdentifier, SIGKILL) == 0
            }
            process.waitUntilExit()
            killed = killed && process.terminationReason == .uncaughtSignal
            let store = try Store(path: target.path + "/data/lector.sqlite")
            let font = try store.settings.all()["reader.font"]
            let feeds = try store.feeds.list().count
            let demoFeeds = try store.accounts.all().contains(where: \.isDemo) ? DemoLibrary.feeds.count : 0
            let old = font == "\"news\"" && feeds == demoFeeds && demoFeeds > 0
            let new = font == "\"classic\"" && feeds == 2_000
            #expect(old || new, "after a kill at \(delay.map { "\($0) s" } ?? "none"): font \(font ?? "nil"), \(feeds) feeds — a mix of old and new")
            return (new, killed)
        }

        // Where the commit falls depends on the machine's load, so the kill times are searched
        // for, not guessed: halve the interval between a kill that found the old state and a run
        // that ended on its own, until a kill lands after the commit (or the attempts run out).
        let started = Date()
        #expect(try restore(killedAfter: nil).new, "an uninterrupted restore must leave the new state")
        var early = 0.0, late = Date().timeIntervalSince(started)
        var killedBefore = false, killedAfter = false
        var attempts = 0
        while attempts < 30 && !(killedBefore && killedAfter) {
            attempts += 1
            let delay = killedBefore ? (early + late) / 2 : 0
            let outcome = try restore(killedAfter: delay)
            switch (outcome.new, outcome.killed) {
            case (false, _): killedBefore = true; early = delay
            case (true, true): killedAfter = true
            case (true, false): late = delay
            }
        }
        #expect(killedBefore, "no kill found the old state, not even one at once")
        if !killedAfter {
            print("restore kill test: could not place a kill after the commit in \(attempts) attempts (commit between \(early) s and \(late) s)")
        }
    }
}
