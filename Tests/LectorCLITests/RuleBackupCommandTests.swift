import Foundation
import Testing
import LectorTestSupport

/// Rules and saved searches carried by a backup, through the `lector` binary.
@Suite("Rules in backups through the binary", .serialized)
struct RuleBackupCommandTests {
    @Test("backup export carries rules and saved searches; restoring them elsewhere brings them with their feed, twice changes nothing")
    func exportAndRestore() throws {
        let world = try RuleCommandTests.World()
        try world.ok("rule", "add", "coins", "title contains bitcoin", "--then", "read", "--feed", "Coins")
        try world.ok("rule", "add", "tides", "title contains tide", "--then", "hide")
        try world.ok("rule", "disable", "tides")
        try world.ok("search", "save", "coins", "title contains bitcoin")
        let file = world.home.path + "/backup.json"
        let written = try world.ok("backup", "export", file, "--sections", "accounts,subscriptions,rules,saved-searches").stdout
        #expect(written.contains("2 rule(s), 1 saved search(es)"), "the export says what it carried: \(written)")
        let inspected = try world.ok("backup", "inspect", file).stdout
        #expect(inspected.contains("rules: 2 rule(s) (1 off)") && inspected.contains("saved searches: 1 search(es)"), "\(inspected)")

        let other = TestHome()
        let run = { (arguments: [String]) in try runProcess(TestBinary.path, arguments, environment: other.environment) }
        let plan = try run(["backup", "restore", file, "--dry-run"])
        #expect(plan.stdout.contains("+ rules coins") && plan.stdout.contains("+ saved-searches coins"), "the plan lists them: \(plan.stdout)")
        let restored = try run(["backup", "restore", file, "--yes"])
        #expect(restored.status == 0, "restore: \(restored.stderr)")
        let rules = try run(["rule", "list", "--json"])
        let listed = try JSONSerialization.jsonObject(with: Data(rules.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(listed.count == 2, "both rules arrived: \(rules.stdout) \(rules.stderr)")
        let coins = try #require(listed.first { $0["name"] as? String == "coins" })
        #expect(coins["action"] as? String == "read" && (rules.stdout.contains("Coins")), "the rule kept its action and feed: \(coins)")
        #expect(listed.first { $0["name"] as? String == "tides" }?["enabled"] as? Bool == false, "the rule that was off is off")
        #expect(try run(["search", "list"]).stdout.contains("title contains bitcoin"), "the saved search arrived")
        let again = try run(["backup", "restore", file, "--dry-run"])
        #expect(again.stdout.contains("othing to"), "restoring again would change something: \(again.stdout)")
    }

    @Test("a backup whose rule has an action this Lector does not know is one error line, and the restore changes nothing")
    func unknownActionRefused() throws {
        let world = try RuleCommandTests.World()
        try world.ok("rule", "add", "coins", "title contains bitcoin", "--then", "read")
        let file = world.home.path + "/backup.json"
        try world.ok("backup", "export", file, "--sections", "accounts,rules")
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "\"action\": \"read\"", with: "\"action\": \"pin\"")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let other = TestHome()
        let refused = try runProcess(TestBinary.path, ["backup", "restore", file, "--yes"], environment: other.environment)
        #expect(refused.status != 0 && refused.stderr.split(separator: "\n").count == 1, "one error line: \(refused.stderr)")
        #expect(refused.stderr.contains("rules[0].action") && refused.stderr.contains("'pin'"), "the line names the rule's action: \(refused.stderr)")
        let accounts = try runProcess(TestBinary.path, ["account", "list", "--json"], environment: other.environment).stdout
        #expect(!accounts.contains("\"Home\""), "the account was restored although the file was refused: \(accounts)")
    }
}
