import Testing
import LectorBasics
import LectorStore
@testable import LectorSync

@Suite("Rules compiled to a server's own filters")
struct ServerRuleCompilerTests {
    private func placement(_ expression: String, _ action: RuleAction, _ kind: AccountKind) -> ServerRulePlacement {
        ServerRuleCompiler.placement(of: expression, action: action, on: kind)
    }

    @Test("Miniflux: a hide rule of text tests joined by or is its block filter, under one not its keep filter, in Field=regex lines")
    func miniflux() {
        #expect(placement("title matches \"(?i)sponsored\" or author = \"Ad Bot\" or content contains \"deep dive\"", .hide, .miniflux)
                == .minifluxBlock(["EntryTitle=(?i)sponsored", "EntryAuthor=(?i)^Ad Bot$", "EntryContent=(?i)\\bdeep\\W+dive\\b"]))
        #expect(placement("not (url contains podcast or title matches \"^Episode\")", .hide, .miniflux)
                == .minifluxKeep(["EntryURL=(?i)\\bpodcast\\b", "EntryTitle=^Episode"]))
        #expect(placement("title = \"C++ (new)\"", .hide, .miniflux) == .minifluxBlock(["EntryTitle=(?i)^C\\+\\+ \\(new\\)$"]), "= escapes the text")
    }

    @Test("Miniflux: what its filters cannot say stays here, with the reason")
    func minifluxLocal() {
        for (expression, action, reason) in [
            ("title contains x", RuleAction.read, "cannot mark one read"),
            ("title contains x and unread", .hide, "no 'and'"),
            ("feed = Harbour", .hide, "test no feed"),
            ("title contains café", .hide, "accents"),
            ("title matches \"\\<cat\\>\"", .hide, "RE2"),
            ("title != x", .hide, "'!='"),
        ] {
            guard case .local(let why) = placement(expression, action, .miniflux) else {
                Issue.record("'\(expression)' (\(action)) was compiled for Miniflux")
                continue
            }
            #expect(why.contains(reason), "'\(expression)': \(why)")
        }
    }

    @Test("FreshRSS: a read rule of contains tests of title, author and url with and, or and not is its mark-as-read searches")
    func freshRSS() {
        #expect(placement("title contains \"solar power\" and not author contains bot or url contains promo", .read, .freshrss)
                == .freshRSSMarkRead(["intitle:\"solar power\" !author:\"bot\"", "inurl:promo"]))
        #expect(placement("(title contains a or title contains b) and author contains c", .read, .freshrss)
                == .freshRSSMarkRead(["intitle:\"a\" author:\"c\"", "intitle:\"b\" author:\"c\""]), "and over or spreads into lines")
        for (expression, action) in [("title contains x", RuleAction.star), ("content contains x", .read), ("not (title contains a and title contains b)", .read),
                                     ("title matches x", .read), ("unread", .read)] {
            if placement(expression, action, .freshrss).key == .markReadFilters { Issue.record("'\(expression)' (\(action)) was compiled for FreshRSS") }
        }
    }

    @Test("Fever, Feedbin and local accounts have no filters to take a rule")
    func others() {
        for kind in [AccountKind.fever, .feedbin, .local] {
            #expect(placement("title contains x", .read, kind).lines == nil, "\(kind) took a rule")
        }
    }
}

/// Every line the compiler writes for FreshRSS, read back through FreshRSS 1.24.3's own search
/// grammar (`FreshRSSSearchGrammar`, ported from BooleanSearch.php and Search.php): it must say
/// exactly the rule's tests, or the rule stays here (issue 39, F1 and F2).
@Suite("FreshRSS lines read back through FreshRSS's grammar")
struct FreshRSSLineGrammarTests {
    typealias Term = FreshRSSSearchGrammar.Term

    static let needles = [
        "do-or-die", "OR", "or", "a OR b", "Weather or not", "-die", "die-", "!x", "(x)", "x)", "C++ (new)", "f:1", "e:1,2", "L:3", "l:*",
        "date:2024", "pubdate:P1D", "userdate:x", "labels:x", "label:y", "#tag", "a#b", "search:foo", "S:1", "intitle:x", "author:y",
        "inurl:z", "a\"b", "it's", "a  b", " a", "a ", "&quot;x&quot;", "Fish & chips", "<b>", "Café", "naïve", "x\r\ny", "x\ry",
        "x\u{85}y", "x\u{2028}y", "x\u{2029}y", "x\u{0B}y", "a\tb", "back\\slash", "color", "Oregon", "solar power", "tide", "a-b-c",
        "100%", "a_b", "x:y", "Review: part 2", "or-else", "ORACLE", "e-mail", "re:invent",
    ]

    static func quoted(_ needle: String) -> String {
        "\"" + needle.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    @Test("hostile needles in title, author and address tests, plain and negated, alone and with a second test: each line FreshRSS reads is exactly the rule's tests, or the rule stays here")
    func everyLineSaysTheRule() {
        let fields = [("title", "intitle"), ("author", "author"), ("url", "inurl")]
        var problems: [String] = []
        var pushed = 0
        for needle in Self.needles {
            for (field, freshName) in fields {
                for negated in [false, true] {
                    let test = (negated ? "not " : "") + "\(field) contains \(Self.quoted(needle))"
                    for expression in [test, test + " and title contains tide"] {
                        let placement = ServerRuleCompiler.placement(of: expression, action: .read, on: .freshrss)
                        guard placement.key == .markReadFilters, let lines = placement.lines else { continue }
                        pushed += 1
                        var wanted: Set<Term> = [Term(field: freshName, value: needle, negated: negated)]
                        if expression.hasSuffix("and title contains tide") { wanted.insert(Term(field: "intitle", value: "tide", negated: false)) }
                        let read = lines.map(FreshRSSSearchGrammar.read)
                        if read != [[wanted]] {
                            problems.append("\(expression.debugDescription) → \(lines.debugDescription) reads as \(read), wanted \(wanted)")
                        }
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) lines say something else:\n\(problems.joined(separator: "\n"))")
        #expect(pushed > 60, "too few needles were pushed at all: \(pushed)")
    }

    @Test("the issue's case: title contains do-or-die is one quoted search, and FreshRSS would not match 'Weather report for Monday' with it")
    func doOrDie() {
        let placement = ServerRuleCompiler.placement(of: "title contains do-or-die", action: .read, on: .freshrss)
        #expect(placement == .freshRSSMarkRead(["intitle:\"do-or-die\""]))
        #expect(placement.lines.map { $0.map(FreshRSSSearchGrammar.read) } == [[[Term(field: "intitle", value: "do-or-die", negated: false)]]])
    }

    @Test("a line break of any kind in a test keeps the rule here, for FreshRSS and for Miniflux (CR, CRLF, NEL, U+2028, U+2029, VT, FF)")
    func lineBreaksStayLocal() {
        for brk in ["\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\n"] {
            let needle = Self.quoted("zzq\(brk)EntryURL=.")
            for (expression, action, kind) in [("title contains \(needle)", RuleAction.read, AccountKind.freshrss),
                                               ("title matches \(needle)", .hide, .miniflux), ("title = \(needle)", .hide, .miniflux),
                                               ("author contains \(needle)", .read, .freshrss)] {
                let placement = ServerRuleCompiler.placement(of: expression, action: action, on: kind)
                #expect(placement.lines == nil, "\(expression.debugDescription) on \(kind) became \(placement)")
            }
        }
    }
}
