import Foundation
import Testing
@testable import LectorFeeds

@Suite("Feed date parsing")
struct FeedDateParserTests {
    @Test("RFC 822 variants", arguments: [
        ("Tue, 10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 +0000", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 -0500", "2003-06-10T09:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 +05:30", "2003-06-09T22:30:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 EST", "2003-06-10T09:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 PDT", "2003-06-10T11:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 UT", "2003-06-10T04:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 CET", "2003-06-10T03:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 BST", "2003-06-10T03:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 IST", "2003-06-09T22:30:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 JST", "2003-06-09T19:00:00Z"),
        ("10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),           // no weekday
        ("Tue, 10 Jun 2003 04:00 GMT", "2003-06-10T04:00:00Z"),         // no seconds
        ("Tue, 10 Jun 03 04:00:00 GMT", "2003-06-10T04:00:00Z"),        // two-digit year
        ("Sun, 31 Dec 99 23:59:59 GMT", "1999-12-31T23:59:59Z"),        // two-digit year, last century
        ("Tue, 10 Jun 2003 04:00:00", "2003-06-10T04:00:00Z"),          // no zone ⇒ UTC
        ("Tuesday, 10 June 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"), // full names
        ("Tue, 1 Jun 2003 4:00:00 GMT", "2003-06-01T04:00:00Z"),        // single digits
        ("Tue, 10 Jun 2003 04:00:00 GMT+02:00", "2003-06-10T02:00:00Z"),
        ("10-Jun-2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),
        ("Jun 10 2003 04:00:00 GMT", "2003-06-10T04:00:00Z"),           // month first
        ("Di, 10 Jun 2003 04:00:00 +0200", "2003-06-10T02:00:00Z"),     // German weekday
        ("Mo, 03 Mär 2003 04:00:00 CET", "2003-03-03T03:00:00Z"),       // German month
        ("mar., 05 août 2003 04:00:00 +0000", "2003-08-05T04:00:00Z"),  // French, lower case
        ("10 okt. 2003 04:00:00 GMT", "2003-10-10T04:00:00Z"),
    ])
    func rfc822(text: String, iso: String) {
        let d = FeedDateParser.parse(text)
        #expect(d.map(ISO8601UTC.string) == iso, "'\(text)' should parse as \(iso)")
    }

    @Test("RFC 3339 / W3C-DTF variants", arguments: [
        ("2024-06-01T12:00:00Z", "2024-06-01T12:00:00Z"),
        ("2024-06-01T12:00:00+02:00", "2024-06-01T10:00:00Z"),
        ("2024-06-01T12:00:00+0200", "2024-06-01T10:00:00Z"),
        ("2024-06-01T12:00:00.123Z", "2024-06-01T12:00:00Z"),
        ("2024-06-01 12:00:00", "2024-06-01T12:00:00Z"),                // space, no zone ⇒ UTC
        ("2024-06-01T12:00:00", "2024-06-01T12:00:00Z"),
        ("2024-06-01T12:00Z", "2024-06-01T12:00:00Z"),                  // no seconds
        ("2024-06-01", "2024-06-01T00:00:00Z"),
        ("2024-06", "2024-06-01T00:00:00Z"),
        ("2024-06-01t12:00:00z", "2024-06-01T12:00:00Z"),
        ("2024-06-01T12:00:00 +0000", "2024-06-01T12:00:00Z"),
        ("2003-12-31T10:14:55-08:00", "2003-12-31T18:14:55Z"),
        ("2020/1/10 14:33:00", "2020-01-10T14:33:00Z"),                 // slashes, single digits
        ("1700000000", "2023-11-14T22:13:20Z"),                         // bare epoch seconds
    ])
    func rfc3339(text: String, iso: String) {
        #expect(FeedDateParser.parse(text).map(ISO8601UTC.string) == iso, "'\(text)' should parse as \(iso)")
    }

    @Test("unparseable dates are nil, never now", arguments: [
        "", "   ", "yesterday", "32 Jun 2003 04:00:00 GMT", "Tue, 10 Foo 2003 04:00:00 GMT",
        "2024-13-01T00:00:00Z", "2024-02-30", "Tue, 10 Jun 2003 25:00:00 GMT", "not a date at all 12:00",
    ])
    func unparseable(text: String) {
        #expect(FeedDateParser.parse(text) == nil, "'\(text)' must not parse")
    }

    @Test("dates format as ISO-8601 UTC seconds")
    func formatting() {
        #expect(ISO8601UTC.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z", "epoch")
        #expect(ISO8601UTC.string(utc(2024, 2, 29, 23, 59, 59)) == "2024-02-29T23:59:59Z", "leap day")
        #expect(ISO8601UTC.string(utc(1969, 7, 20, 20, 17, 40)) == "1969-07-20T20:17:40Z", "before 1970")
    }
}
