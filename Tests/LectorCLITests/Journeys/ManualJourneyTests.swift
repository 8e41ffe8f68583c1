import Foundation
import Testing

/// The manual travels with the installed binary: `lector help TOPIC` pages each page on a
/// terminal, `lector help` lists the topics, Tab offers them after `help`; `settings list` and
/// `settings get` say what each key does, its type, its default and where it acts.
@Suite("Journeys: the manual and the settings explained, from the installed binary", .serialized,
       .enabled(if: Journey.isInstalled, "LECTOR_JOURNEY_PREFIX names no installed lector: ./scripts/test.sh installs one into a temporary prefix"))
struct ManualJourneyTests {
    @Test("lector help rules shows the rules page in the pager, its links as 'lector help' commands; q returns to the shell")
    func topicIsPaged() throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 100, height: 20)
        terminal.run("lector help rules")
        #expect(terminal.wait(for: { $0.contains("# Filters, rules and saved searches") }, timeout: 10),
                "the rules page never showed:\n\(terminal.screen())")
        #expect(!terminal.lastLine().hasPrefix("JOURNEY$"), "a page longer than the screen should wait in the pager:\n\(terminal.screen())")
        terminal.press("q")
        #expect(terminal.wait(for: { $0.split(separator: "\n").last?.hasPrefix("JOURNEY$") == true }, timeout: 5),
                "q did not leave the pager:\n\(terminal.screen())")
        let page = try journey.shell("lector help rules")
        #expect(page.status == 0 && page.stdout.contains("(lector help labels)"), "a link to another page reads as its command: \(page.stderr)")
        #expect(!page.stdout.contains("](") && !page.stdout.contains("README.md"), "the page still links to files")
    }

    @Test("lector help lists every topic, each prints its page, and an unknown one is one line with exit 2")
    func everyTopic() throws {
        let journey = try Journey()
        let overview = try journey.shell("lector help")
        #expect(overview.stdout.contains("Manual (lector help TOPIC):"), "the overview lists no manual topics:\n\(overview.stdout)")
        let topics = ["install", "accounts", "feeds", "feed-settings", "reading", "bionic-reading", "rules", "labels", "syncing",
                      "profiles", "setting-keys", "backups", "backup-format", "scripting", "json", "exit-codes", "files",
                      "troubleshooting", "performance"]
        for topic in topics {
            #expect(overview.stdout.contains("  \(topic) "), "the overview does not list \(topic)")
            let page = try journey.shell("lector help \(topic)")
            #expect(page.status == 0 && page.stdout.hasPrefix("# "), "lector help \(topic): \(page.status) \(page.stderr)")
        }
        let unknown = try journey.shell("lector help troubleshoting")
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'troubleshooting'"), "\(unknown.status): \(unknown.stderr)")
    }

    @Test("Tab after 'help' offers the manual's topics, in the REPL and from the installed bash script")
    func topicsComplete() throws {
        let journey = try Journey()
        let candidates = try journey.shell("lector __complete help ru")
        #expect(candidates.stdout.contains("rules\t"), "no topic among the candidates:\n\(candidates.stdout)")
        let terminal = try journey.terminal()
        try Journey.startREPL(in: terminal)
        terminal.type("help troublesh")
        terminal.press("Tab")
        #expect(terminal.wait(for: { $0.contains("help troubleshooting") }, timeout: 5), "the REPL did not complete the topic:\n\(terminal.screen())")
        terminal.press("C-c")
        #expect(Journey.replStillWorks(terminal))
    }

    @Test("settings get and settings list say what a key does, its type, default and where it acts")
    func settingsExplained() throws {
        let journey = try Journey()
        let terminal = try journey.terminal(width: 120, height: 40)
        terminal.run("lector settings get list.confirm-mark-all-read")
        #expect(terminal.wait(for: { $0.contains("acts in: browse") }, timeout: 10),
                "settings get does not say where the key acts:\n\(terminal.screen())")
        let screen = terminal.screen()
        #expect(screen.contains("Ask before marking a whole feed or folder read.") && screen.contains("type: bool") && screen.contains("default: true"),
                "settings get lacks the description, type or default:\n\(screen)")
        terminal.run("clear; lector settings list reader")
        #expect(terminal.wait(for: { $0.contains("ACTS IN") && $0.contains("Size of article text.") }, timeout: 10),
                "settings list shows no descriptions:\n\(terminal.screen())")
        let list = terminal.screen()
        let fontSize = list.split(separator: "\n").first { $0.contains("reader.font-size") }.map(String.init) ?? ""
        #expect(fontSize.contains("carried"), "reader.font-size does nothing in a terminal and must say so: \(fontSize)")
        let plain = try journey.shell("lector settings get list.confirm-mark-all-read")
        #expect(plain.stdout == "true\n", "off a terminal, settings get prints the value alone: \(plain.stdout)")
        let json = try journey.shell("lector settings list --json")
        let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
        let swipe = rows.first { $0["key"] as? String == "swipe.leading" }
        #expect(swipe?["acts_in"] as? [String] == ["browse"] && swipe?["type"] as? String != nil && swipe?["description"] as? String != nil,
                "settings list --json lacks where swipe.leading acts: \(String(describing: swipe))")
    }
}
