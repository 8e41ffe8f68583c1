import Foundation
import Testing
import LectorKeyring
import LectorTestSupport

/// What the REPL keeps and shows of what was typed and what feeds send: a login moved to the
/// keyring stays out of the history, and completion shows titles through the sanitiser.
@Suite("The REPL: secrets out of history, hostile titles out of completion", .serialized,
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is not installed"))
struct REPLSecretsAndTitlesTests {
    @Test("feed add with user:password@ in the address keeps the line in history without the password, on disk and under Up",
          .enabled(if: PrivateKeyring.isAvailable, "needs the private test keyring: run scripts/with-test-keyring.sh swift test"))
    func movedLoginLeftOutOfHistory() throws {
        let server = try LoginFeedServers.membersOnly(user: "carol", secret: "addr-secret")
        let home = TestHome()
        _ = try home.run("account", "add", "local", "--name", "Mine")
        let bare = server.url("/members.xml").absoluteString
        let withLogin = bare.replacingOccurrences(of: "http://", with: "http://carol:addr-secret@")
        var session: TmuxSession? = try TmuxSession(command: TestBinary.path, environment: home.environment)
        try session!.type("feed add \(withLogin)", "Enter")
        try session!.wait(for: "moved to the keyring")
        try session!.type("C-d")
        Thread.sleep(forTimeInterval: 0.3)
        session = nil
        let history = try String(contentsOfFile: home.path + "/state/history", encoding: .utf8)
        #expect(!history.contains("addr-secret"), "the password moved to the keyring is in the history file: \(history)")
        let kept = bare.replacingOccurrences(of: "http://", with: "http://carol@")
        #expect(history.contains("feed add \(kept)"), "the line is not kept without its password: \(history)")
        let again = try TmuxSession(command: TestBinary.path, environment: home.environment)
        try again.type("Up")
        try again.wait(for: "> feed add \(kept)")
        #expect(!again.screen.contains("addr-secret"), "Up brings the password back: \(again.screen)")
        if let feed = try home.store().feeds.list().first(where: { $0.feed.title == "Members Only" })?.feed {
            _ = try? LibsecretKeyring().removeAll(feedID: String(feed.id), url: feed.url)
        }
    }

    @Test("Tab completion shows feed titles without bidi overrides or zero-width characters")
    func completionSanitised() throws {
        let home = TestHome()
        try home.addFeed(title: "Evil\u{202E}gnp.exe")
        try home.addFeed(title: "Evil Ba\u{200B}nk")
        let session = try TmuxSession(command: TestBinary.path, environment: home.environment)
        try session.wait(for: "lector (")
        // Readline inserts the common part first and lists the candidates at a later Tab; each
        // Tab is its own keystroke, as typed.
        try session.type("feed show Evi")
        for _ in 0..<3 {
            try session.type("Tab")
            Thread.sleep(forTimeInterval: 0.4)
        }
        let screen = try session.wait(for: "gnp.exe")
        #expect(!screen.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200B },
                "a completion candidate reached the terminal unsanitised: \(screen.debugDescription)")
        #expect(screen.contains("Evil Bank"), "the sanitised candidate is not shown: \(screen)")
    }
}
