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
              // Without a scheme (feed add adds one): the same login, the same rule.
              ("feed add carol:s3cret@feeds.example/members.xml --folder News", "feed add carol@feeds.example/members.xml --folder News"),
              ("feed add 'u:p@ss@127.0.0.1:8080/f.xml'", "feed add 'u@127.0.0.1:8080/f.xml'"),
              ("feed add :only-a-password@feeds.example", "feed add @feeds.example"),
              ("feed add feeds.example:8080/feed.xml", "feed add feeds.example:8080/feed.xml"),
              ("feed add bob@feeds.example/feed.xml", "feed add bob@feeds.example/feed.xml"),
          ])
    func passwordsLeftOut(typed: String, kept: String) {
        #expect(HistoryLine.withoutPasswords(typed) == kept, "history would keep \(HistoryLine.withoutPasswords(typed))")
    }
}
