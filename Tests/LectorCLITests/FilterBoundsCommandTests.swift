import Foundation
import Testing
import LectorTestSupport

/// Filters and patterns whose cost has no bound, through the `lector` binary (issue 39, P4 and
/// P7): each is refused with one line and exit 2, nothing crashes and nothing hangs.
@Suite("Hostile filters through the binary", .serialized)
struct FilterBoundsCommandTests {
    static let deepParentheses = String(repeating: "(", count: 20_000) + "unread" + String(repeating: ")", count: 20_000)
    static let deepNots = String(repeating: "not ", count: 20_000) + "unread"
    static let repetitionBomb = #"title matches "((a{1,100}){1,100}){1,100}""#
    static let backReference = #"content matches "(a*)*\1b""#

    static func expectRefused(_ result: ProcessResult, _ what: String, saying words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "\(what): exit \(result.status) (a signal is 128 and more): \(result.stderr.prefix(300))", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && result.stderr.contains(words), "\(what): not one line saying '\(words)': \(result.stderr.prefix(300))",
                sourceLocation: sourceLocation)
    }

    @Test("20,000 nested parentheses or nots in --where, a rule or a saved search: one line, exit 2, no crash")
    func deepNesting() throws {
        let world = try RuleCommandTests.World()
        for (name, filter) in [("parentheses", Self.deepParentheses), ("nots", Self.deepNots)] {
            Self.expectRefused(try world.lector("article", "list", "--where", filter), "--where with \(name)", saying: "more than 100 deep")
            Self.expectRefused(try world.lector("rule", "add", "deep", filter, "--then", "read"), "rule add with \(name)", saying: "more than 100 deep")
            Self.expectRefused(try world.lector("search", "save", "deep", filter), "search save with \(name)", saying: "more than 100 deep")
        }
        let wide = (1...300).map { "title contains w\($0)" }.joined(separator: " or ")
        Self.expectRefused(try world.lector("article", "list", "--where", wide), "300 tests", saying: "more than 250 tests")
        let most = (1...250).map { "title contains w\($0)" }.joined(separator: " or ") + " or title contains bitcoin"
        _ = try world.ok("sync")
        #expect(try world.listed("--where", "(" + most.split(separator: " or ").dropFirst().joined(separator: " or ") + ")")
            == ["Bitcoin at the harbour", "Bitcoin surges"], "250 tests still run")
        #expect(try world.lector("rule", "list").stdout.contains("deep") == false, "a refused rule was stored")
    }

    @Test("a repetition bomb or a back-reference in a rule is refused with one line, exit 2")
    func costlyPatterns() throws {
        let world = try RuleCommandTests.World()
        Self.expectRefused(try world.lector("rule", "add", "bomb", Self.repetitionBomb, "--then", "read"), "repetition bomb",
                           saying: "a regular expression Lector does not run")
        Self.expectRefused(try world.lector("rule", "add", "backref", Self.backReference, "--then", "read"), "back-reference",
                           saying: "back-references")
        Self.expectRefused(try world.lector("article", "list", "--where", Self.repetitionBomb), "bomb in --where", saying: "too large")
    }

    @Test("a backup whose rule is a repetition bomb is refused by restore --dry-run with one line, and nothing changes")
    func bombInBackup() throws {
        let world = try RuleCommandTests.World()
        try world.ok("rule", "add", "coins", "title contains bitcoin", "--then", "read")
        let file = world.home.path + "/backup.json"
        try world.ok("backup", "export", file, "--sections", "accounts,rules")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var rules = try #require(root["rules"] as? [[String: Any]])
        rules[0]["expression"] = Self.repetitionBomb
        root["rules"] = rules
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: file))
        let other = TestHome()
        for arguments in [["--dry-run"], ["--yes"]] {
            let refused = try runProcess(TestBinary.path, ["backup", "restore", file] + arguments, environment: other.environment)
            #expect(refused.status != 0 && refused.stderr.split(separator: "\n").count == 1, "one error line: \(refused.stderr)")
            #expect(refused.stderr.contains("rules[0].expression") && refused.stderr.contains("too large"), "\(refused.stderr)")
        }
        let accounts = try runProcess(TestBinary.path, ["account", "list", "--json"], environment: other.environment).stdout
        #expect(!accounts.contains("\"Home\""), "the account was restored although the file was refused: \(accounts)")
    }

    /// `(a|b)*a(a|b){20}c` is the pattern whose automaton glibc's matcher builds state by state:
    /// over a 100 KB item it took minutes and hundreds of megabytes. The sync applies the rule
    /// to the item and finishes.
    @Test("a sync applies a pattern with an exploding automaton to a 100 KB item and finishes")
    func explodingPatternInSync() throws {
        let world = try RuleCommandTests.World()
        var generator = SystemRandomNumberGenerator()
        let randomBytes = { (count: Int) in String((0..<count).map { _ in Bool.random(using: &generator) ? "a" : "b" }) }
        let big = randomBytes(99_979) + "a" + randomBytes(20)
        world.serve(coins: ["Bitcoin surges"], harbour: ["Harbour tide"])
        world.site.serve("/Coins.xml", text: RuleCommandTests.feed("Coins", items: ["Bitcoin surges"])
            .replacingOccurrences(of: "About Bitcoin surges", with: big + " xc"), contentType: "application/rss+xml")
        try world.ok("rule", "add", "explode", #"content matches "(a|b)*a(a|b){20}c""#, "--then", "read")
        try world.ok("rule", "add", "explode-match", #"content matches "(a|b)*a(a|b){20} xc""#, "--then", "star")
        _ = try world.ok("sync")
        let states = try world.states()
        #expect(states["Bitcoin surges"]?.read == false, "no c follows twenty a/b bytes: the rule does not hold")
        #expect(states["Bitcoin surges"]?.starred == true, "the second pattern holds at the item's end (an a, twenty bytes, ' xc')")
    }
}
