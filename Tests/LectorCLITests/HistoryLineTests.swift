import Testing
@testable import LectorCLI

@Suite("The REPL's history line")
struct HistoryLineTests {
    @Test("a password written into an address is left out; the user, the rest of the line and lines without one stay as typed",
          arguments: [
              ("feed add http://carol:s3cret@feeds.example/members.xml --folder News", "feed add http://carol@feeds.example/members.xml --folder News"),
              ("feed add 'https://u:p%40ss@h.example:8443/f?x=1' --pick 2", "feed add 'https://u@h.example:8443/f?x=1' --pick 2"),
              ("account add miniflux --url https://a:b@flux.example", "account add miniflux --url https://a@flux.example"),
              ("feed add https://bob@h.example/feed.xml", "feed add https://bob@h.example/feed.xml"),
              ("feed show \"Time: 10:30\"", "feed show \"Time: 10:30\""),
              ("article list --search 'a://b:c'", "article list --search 'a://b:c'"),
          ])
    func passwordsLeftOut(typed: String, kept: String) {
        #expect(HistoryLine.withoutPasswords(typed) == kept, "history would keep \(HistoryLine.withoutPasswords(typed))")
    }
}
