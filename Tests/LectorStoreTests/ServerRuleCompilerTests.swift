import Testing
import LectorBasics
@testable import LectorStore

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
                == .freshRSSMarkRead(["intitle:\"solar power\" !author:bot", "inurl:promo"]))
        #expect(placement("(title contains a or title contains b) and author contains c", .read, .freshrss)
                == .freshRSSMarkRead(["intitle:a author:c", "intitle:b author:c"]), "and over or spreads into lines")
        for (expression, action) in [("title contains x", RuleAction.star), ("content contains x", .read), ("not (title contains a and title contains b)", .read),
                                     ("title matches x", .read), ("unread", .read)] {
            if case .freshRSSMarkRead = placement(expression, action, .freshrss) { Issue.record("'\(expression)' (\(action)) was compiled for FreshRSS") }
        }
    }

    @Test("Fever, Feedbin and local accounts have no filters to take a rule")
    func others() {
        for kind in [AccountKind.fever, .feedbin, .local] {
            #expect(placement("title contains x", .read, kind).lines == nil, "\(kind) took a rule")
        }
    }
}
