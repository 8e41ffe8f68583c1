import Testing
@testable import LectorKeyring

@Suite("how items are described to the Secret Service")
struct SecretItemSchemaTests {
    @Test("an account maps to org.lector.Account with all four identifying attributes")
    func accountSchema() {
        let item = SecretItem.account(id: "a1", kind: "freshrss", server: "https://rss.example.com/api", user: "alice")
        #expect(item.schema == "org.lector.Account", "account schema name")
        #expect(item.attributes.map(\.key) == ["account-id", "kind", "server", "user"], "account attribute names")
        #expect(item.attributes.map(\.value) == ["a1", "freshrss", "https://rss.example.com/api", "alice"], "account attribute values")
    }

    @Test("a feed login maps to org.lector.FeedLogin with feed id, url and user")
    func feedLoginSchema() {
        let item = SecretItem.feedLogin(feedID: "f9", url: "https://example.org/feed", user: "bob")
        #expect(item.schema == "org.lector.FeedLogin", "feed login schema name")
        #expect(item.attributes.map(\.key) == ["feed-id", "url", "user"], "feed login attribute names")
    }

    @Test("labels name the user and the host, or the server as given when it is not a URL")
    func labels() {
        #expect(SecretItem.account(id: "1", kind: "miniflux", server: "https://rss.example.com:8443/v1", user: "alice").label
                == "Lector: alice on rss.example.com")
        #expect(SecretItem.account(id: "1", kind: "fever", server: "rss.example.com", user: "alice").label
                == "Lector: alice on rss.example.com")
        #expect(SecretItem.feedLogin(feedID: "2", url: "http://members.example.org/rss", user: "bob").label
                == "Lector feed: bob on members.example.org")
    }
}
