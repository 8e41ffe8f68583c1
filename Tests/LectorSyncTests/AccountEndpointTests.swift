import Foundation
import LectorBasics
import Testing
@testable import LectorSync

@Suite("Account endpoints")
struct AccountEndpointTests {
    private func urls(_ kind: AccountKind, _ typed: String?) throws -> [String] {
        try AccountEndpoint.resolve(kind: kind, typed: typed).candidates.map(\.absoluteString)
    }

    @Test("a bare FreshRSS host gets https and both GReader locations, explained")
    func freshRSSHost() throws {
        let endpoint = try AccountEndpoint.resolve(kind: .freshrss, typed: "rss.example.com")
        #expect(endpoint.candidates.map(\.absoluteString) == ["https://rss.example.com/api/greader.php/", "https://rss.example.com/"])
        #expect(endpoint.notes.count == 2, "the scheme and the path guesses are both explained: \(endpoint.notes)")
    }

    @Test("the FreshRSS web address (…/i/) leads to its API beside it, said in a note")
    func freshRSSWebAddress() throws {
        let endpoint = try AccountEndpoint.resolve(kind: .freshrss, typed: "https://rss.example.com/FreshRSS/i/")
        #expect(endpoint.candidates.first?.absoluteString == "https://rss.example.com/FreshRSS/api/greader.php/", "\(endpoint.candidates)")
        #expect(endpoint.notes.contains { $0.contains("web address") }, "\(endpoint.notes)")
        #expect(try urls(.fever, "rss.example.com/i").first == "https://rss.example.com/api/fever.php")
    }

    @Test("one scheme rule for accounts and feeds: loopback gets http, anything else https, with a note")
    func schemeRule() {
        #expect(AccountEndpoint.withScheme("127.0.0.1:8080/feed.xml").text == "http://127.0.0.1:8080/feed.xml")
        #expect(AccountEndpoint.withScheme("localhost/x").text == "http://localhost/x")
        #expect(AccountEndpoint.withScheme("[::1]:9/x").text == "http://[::1]:9/x")
        #expect(AccountEndpoint.withScheme("example.org/feed").text == "https://example.org/feed")
        #expect(AccountEndpoint.withScheme("example.org/feed").note != nil && AccountEndpoint.withScheme("http://x.org").note == nil)
    }

    @Test("another service's API address is refused with the kind that speaks it: fever.php is for 'account add fever'")
    func otherServiceAddress() {
        #expect(throws: AccountEndpointError.otherService(typed: "https://rss.example.com/api/fever.php", kind: .fever)) {
            try AccountEndpoint.resolve(kind: .freshrss, typed: "https://rss.example.com/api/fever.php")
        }
        #expect(throws: AccountEndpointError.otherService(typed: "rss.example.com/api/greader.php", kind: .freshrss)) {
            try AccountEndpoint.resolve(kind: .fever, typed: "rss.example.com/api/greader.php")
        }
        #expect(AccountEndpointError.otherService(typed: "x/api/fever.php", kind: .fever).description.contains("lector account add fever"))
    }

    @Test("a full GReader URL is kept, with or without a trailing slash")
    func fullGReaderURL() throws {
        #expect(try urls(.freshrss, "https://rss.example.com/p/api/greader.php") == ["https://rss.example.com/p/api/greader.php/"])
        #expect(try urls(.freshrss, "https://rss.example.com/p/api/greader.php///") == ["https://rss.example.com/p/api/greader.php/"])
        #expect(try urls(.freshrss, "https://rss.example.com/api") == ["https://rss.example.com/api/greader.php/"])
    }

    @Test("Miniflux drops a /v1 suffix; Fever tries FreshRSS then Miniflux paths; Feedbin defaults to the hosted API")
    func otherKinds() throws {
        #expect(try urls(.miniflux, "https://flux.example.com/v1/") == ["https://flux.example.com/"])
        #expect(try urls(.fever, "https://rss.example.com") == ["https://rss.example.com/api/fever.php", "https://rss.example.com/fever/"])
        #expect(try urls(.feedbin, nil) == ["https://api.feedbin.com/v2/"])
    }

    @Test("loopback addresses default to http; plain http elsewhere is flagged insecure")
    func schemes() throws {
        #expect(try urls(.miniflux, "127.0.0.1:8080") == ["http://127.0.0.1:8080/"])
        #expect(try AccountEndpoint.resolve(kind: .miniflux, typed: "http://127.0.0.1:8080").isInsecure == false)
        #expect(try AccountEndpoint.resolve(kind: .miniflux, typed: "http://flux.example.com").isInsecure)
    }

    @Test("a missing or unusable address is refused with a hint")
    func refused() {
        #expect(throws: AccountEndpointError.missing(.freshrss)) { try AccountEndpoint.resolve(kind: .freshrss, typed: nil) }
        #expect(throws: AccountEndpointError.invalid("ftp://x")) { try AccountEndpoint.resolve(kind: .miniflux, typed: "ftp://x") }
    }

    @Test("a local account has no server: no address, typed or not, is taken as its API")
    func localHasNoServer() {
        #expect(throws: AccountEndpointError.noServer, "a local account must get no candidate URLs") {
            try AccountEndpoint.resolve(kind: .local, typed: "https://rss.example.com")
        }
        #expect(throws: AccountEndpointError.noServer, "a local account without --url is not 'missing' one") {
            try AccountEndpoint.resolve(kind: .local, typed: nil)
        }
    }
}
