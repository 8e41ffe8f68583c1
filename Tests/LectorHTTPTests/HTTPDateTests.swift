import Foundation
import LectorHTTP
import LectorTestSupport
import Testing

/// HTTPDate is written by hand (DateFormatter is full Foundation's, which the binary no longer
/// links); the test server's DateFormatter-based HTTPDateFormat is the reference.
@Suite("HTTP dates")
struct HTTPDateTests {
    /// Fixed instants (epoch, RFC example, leap days, 2038, 2099) and a spread across the decades.
    static let instants: [TimeInterval] = {
        let fixed: [TimeInterval] = [0, 784_111_777, 951_782_400, 1_709_208_000, 2_147_483_647, 4_102_444_799]
        let spread = (0..<40).map { (step: Int) -> TimeInterval in TimeInterval(step * 86_400 * 97 + step * 3_601) }
        return fixed + spread
    }()

    @Test("format writes the IMF-fixdate DateFormatter writes, and parse reads it back", arguments: instants)
    func roundTrip(seconds: TimeInterval) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(HTTPDate.format(date) == HTTPDateFormat.format(date))
        #expect(HTTPDate.parse(HTTPDateFormat.format(date)) == date)
    }

    @Test("the three RFC 9110 forms name the same instant")
    func obsoleteForms() {
        let expected = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
    }

    @Test("malformed dates are nil, not a guess",
          arguments: ["", "soon", "Sun, 31 Feb 2024 00:00:00 GMT", "Sun, 06 Nov 1994 25:00:00 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
                      "Sun, 06 Nov 1994 08:49:37 CET", "06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT"])
    func malformed(text: String) {
        #expect(HTTPDate.parse(text) == nil, "'\(text)' must not parse")
    }
}
