import Foundation
import Testing
import LectorTestSupport
@testable import LectorCLI
@testable import LectorStore

/// A sync's one notification (`rule add … --then notify`, `sync.notify-folders`) through the
/// binary, received by a notification server this test registers as
/// org.freedesktop.Notifications on the private session bus `scripts/with-test-keyring.sh`
/// starts (python3-gi, from `scripts/install-deps.sh --test`); without a bus, one line in the
/// sync log; in the REPL, a line after the sync's.
@Suite("Notifications after a sync", .serialized)
struct SyncNotificationTests {
    /// A notification server: owns the name, answers Notify with an id, and writes each call it
    /// received as one JSON line to the file named by its argument; makes that name + ".ready"
    /// once it owns the name.
    static let listener = #"""
    import json, sys
    import gi
    gi.require_version("Gio", "2.0")
    from gi.repository import Gio, GLib
    out = sys.argv[1]
    node = Gio.DBusNodeInfo.new_for_xml("""<node><interface name="org.freedesktop.Notifications">
      <method name="Notify"><arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
        <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
        <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/></method>
      <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    </interface></node>""")
    received = []
    def call(connection, sender, path, interface, method, parameters, invocation):
        if method == "Notify":
            app, replaces, icon, summary, body, actions, hints, timeout = parameters.unpack()
            received.append(1)
            with open(out, "a") as f:
                f.write(json.dumps({"app": app, "summary": summary, "body": body, "actions": actions, "timeout": timeout}) + "\n")
            invocation.return_value(GLib.Variant("(u)", (len(received),)))
        else:
            invocation.return_value(GLib.Variant("(as)", (["body"],)))
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.register_object("/org/freedesktop/Notifications", node.interfaces[0], call, None, None)
    def owned(connection, name):
        open(out + ".ready", "w").close()
    Gio.bus_own_name_on_connection(bus, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE, owned, None)
    GLib.MainLoop().run()
    """#

    /// The listener, running until `stop`; nil (with the reason printed) when the test cannot have one.
    final class NotificationServer {
        let process = Process()
        let received: String
        let folder: String

        init?() throws {
            guard let bus = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], bus.contains("lector-keyring") else {
                print("skipped: no private test bus (run through scripts/with-test-keyring.sh)")
                return nil
            }
            guard (try? runProcess("/usr/bin/python3", ["-c", "import gi; gi.require_version('Gio', '2.0')"], environment: [:]))?.status == 0 else {
                print("skipped: /usr/bin/python3 has no gi (scripts/install-deps.sh --test installs python3-gi)")
                return nil
            }
            folder = NSTemporaryDirectory() + "lector-notify-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            received = folder + "/received.jsonl"
            try SyncNotificationTests.listener.write(toFile: folder + "/listener.py", atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [folder + "/listener.py", received]
            _ = FileManager.default.createFile(atPath: folder + "/stderr", contents: nil)
            process.standardError = FileHandle(forWritingAtPath: folder + "/stderr")
            try process.run()
            let deadline = Date().addingTimeInterval(15)
            while !FileManager.default.fileExists(atPath: received + ".ready") && process.isRunning && Date() < deadline {
                usleep(20_000)
            }
            guard FileManager.default.fileExists(atPath: received + ".ready") else {
                let why = (try? String(contentsOfFile: folder + "/stderr", encoding: .utf8)) ?? ""
                stop()
                throw TestFailure("the notification listener did not take the name: \(why)")
            }
        }

        func stop() {
            // SIGKILL: GLib's main loop keeps Python from running its SIGTERM handler.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: folder)
        }

        /// Every Notify call received so far.
        func calls() throws -> [[String: Any]] {
            guard let text = try? String(contentsOfFile: received, encoding: .utf8) else { return [] }
            return try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        }
    }

    struct TestFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A local account with feeds Coins (in folder Money) and Harbour, served on loopback.
    final class World {
        let site = StaticSite()
        let server: LoopbackServer
        let home = TestHome()

        init() throws {
            server = try LoopbackServer(handler: site.handler)
            serve(coins: ["Bitcoin surges", "Café prices"], harbour: ["Bitcoin <b>at</b> the harbour", "Harbour tide"])
            let store = try home.store()
            let account = try store.accounts.insert(kind: .local, name: "Home")
            let money = try store.folders.insert(accountID: account.id, serverID: "Money", name: "Money")
            for (name, folder) in [("Coins", Optional(money.id)), ("Harbour", nil)] {
                let url = server.url("/\(name).xml").absoluteString
                try store.feeds.insert(accountID: account.id, folderID: folder, serverID: url, title: name, url: url, siteURL: nil)
            }
            try ok("demo", "off")
        }

        func serve(coins: [String], harbour: [String]) {
            site.serve("/Coins.xml", text: RuleCommandTests.feed("Coins", items: coins), contentType: "application/rss+xml")
            site.serve("/Harbour.xml", text: RuleCommandTests.feed("Harbour", items: harbour.map { $0.replacingOccurrences(of: "<", with: "&lt;") }),
                       contentType: "application/rss+xml")
        }

        @discardableResult
        func ok(_ arguments: String..., environment: [String: String]? = nil) throws -> ProcessResult {
            let result = try runProcess(TestBinary.path, arguments, environment: environment ?? home.environment)
            #expect(result.status == 0, "lector \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            return result
        }

        /// The sync log's lines.
        func syncLog() -> [String] {
            let path = AppDirectories.resolve(environment: home.environment).syncLogPath
            return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    @Test("a sync whose notify rule matched sends ONE notification with the count and the titles, sanitised and escaped; a sync that found nothing sends none")
    func notifyRuleSendsOneNotification() throws {
        guard let listener = try NotificationServer() else { return }
        defer { listener.stop() }
        let world = try World()
        try world.ok("rule", "add", "bitcoin", "title contains bitcoin", "--then", "notify")
        try world.ok("sync")
        let calls = try listener.calls()
        #expect(calls.count == 1, "one notification per sync: \(calls)")
        let call = try #require(calls.first)
        #expect(call["app"] as? String == "Lector")
        #expect(call["summary"] as? String == "Lector: 2 new articles", "\(call)")
        let body = call["body"] as? String ?? ""
        #expect(body.contains("Bitcoin surges (Coins)"), "\(body)")
        #expect(body.contains("Bitcoin &lt;b&gt;at&lt;/b&gt; the harbour (Harbour)"), "a title's markup is text: \(body)")
        #expect(try world.states().allSatisfy { !$0.value }, "notify leaves the articles as they are")

        try world.ok("sync")
        #expect(try listener.calls().count == 1, "nothing new: no notification")
        #expect(world.syncLog().filter { $0.contains("notification") }.isEmpty, "a notification shown leaves no note: \(world.syncLog())")
    }

    @Test("sync.notify-folders: new articles in the folder named are told of, others are not; a notify rule and the folder count an article once")
    func notifyFolders() throws {
        guard let listener = try NotificationServer() else { return }
        defer { listener.stop() }
        let world = try World()
        try world.ok("settings", "set", "sync.notify-folders", "money")
        try world.ok("rule", "add", "bitcoin", "title contains bitcoin", "--then", "notify", "--feed", "Coins")
        try world.ok("sync")
        let calls = try listener.calls()
        #expect(calls.count == 1 && calls.first?["summary"] as? String == "Lector: 2 new articles", "Coins' two, Harbour's none: \(calls)")
    }

    @Test("without a session bus nothing is sent and the sync log has one note; the sync itself succeeds")
    func noBusNote() throws {
        let world = try World()
        try world.ok("rule", "add", "bitcoin", "title contains bitcoin", "--then", "notify")
        var environment = world.home.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["XDG_RUNTIME_DIR"] = nil
        let synced = try world.ok("sync", environment: environment)
        #expect(!synced.stdout.contains("notification") && synced.stderr.isEmpty, "nothing on screen: \(synced.stdout) \(synced.stderr)")
        let notes = world.syncLog().filter { $0.contains("notification not shown") }
        #expect(notes.count == 1 && notes[0].contains("no session bus") && notes[0].contains("Lector: 2 new articles"), "\(world.syncLog())")
    }

    @Test("in the REPL the notice is a line after the sync's, and nothing goes to the desktop")
    func replStatusLine() throws {
        let world = try World()
        try world.ok("rule", "add", "bitcoin", "title contains bitcoin", "--then", "notify")
        let text = try CommandRunner(session: world.home.session(inREPL: true)).execute(["sync"])
        #expect(text.contains("2 new articles to see: Bitcoin surges (Coins) · Bitcoin <b>at</b> the harbour (Harbour)"), "\(text)")
        #expect(world.syncLog().isEmpty, "no desktop attempt, no note: \(world.syncLog())")
    }
}

extension SyncNotificationTests.World {
    /// Title → read of every article.
    func states() throws -> [String: Bool] {
        let list = try JSONSerialization.jsonObject(with: Data(try ok("article", "list", "--all", "--json").stdout.utf8)) as? [[String: Any]] ?? []
        var states: [String: Bool] = [:]
        for article in list { states[article["title"] as? String ?? ""] = article["read"] as? Bool ?? false }
        return states
    }
}
