import Foundation
import Testing
@testable import LectorFeeds

@Suite("Canonical feed keys for duplicate detection")
struct CanonicalFeedKeyTests {
    @Test("spellings of the same feed share a key", arguments: [
        ("http://example.com/feed", "https://EXAMPLE.com/feed/"),
        ("https://example.com:443/feed", "http://example.com:80/feed#top"),
        ("http://Example.COM/a/b?x=1", "https://example.com/a/b/?x=1"),
        ("https://user:pw@example.com/feed", "http://example.com/feed"),
    ])
    func same(a: String, b: String) {
        #expect(canonicalFeedKey(URL(string: a)!) == canonicalFeedKey(URL(string: b)!), "\(a) and \(b) should collide")
    }

    @Test("different feeds keep different keys", arguments: [
        ("https://example.com/feed", "https://example.com/Feed"),
        ("https://example.com/feed?a=1", "https://example.com/feed?a=2"),
        ("https://example.com:8080/feed", "https://example.com/feed"),
        ("https://example.com/feed", "https://www.example.com/feed"),
    ])
    func different(a: String, b: String) {
        #expect(canonicalFeedKey(URL(string: a)!) != canonicalFeedKey(URL(string: b)!), "\(a) and \(b) must not collide")
    }

    @Test("key format is host plus path")
    func format() {
        #expect(canonicalFeedKey(URL(string: "HTTPS://Example.com:443/feed/")!) == "example.com/feed", "documented example")
    }
}
