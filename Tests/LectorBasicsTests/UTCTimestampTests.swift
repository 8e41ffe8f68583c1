import Foundation
import LectorBasics
import Testing

@Suite("UTC timestamps as the backup keeps them")
struct UTCTimestampTests {
    @Test("the two forms are read, with and without a fraction; anything else is not a timestamp")
    func forms() {
        #expect(UTCTimestamp.date("2026-06-01T10:00:00Z") == Date(timeIntervalSince1970: 1_780_308_000))
        #expect(UTCTimestamp.date("2026-06-01T10:00:00.5Z") == Date(timeIntervalSince1970: 1_780_308_000.5))
        #expect(UTCTimestamp.date("2026-06-01T10:00:00.123456789Z") != nil, "nine digits of fraction")
        for text in ["yesterday", "2026-06-01T10:00:00", "2026-06-01 10:00:00Z", "2026-06-01T10:00:00+00:00", "2026-06-01T10:00:00.Z",
                     "2026-06-01T10:00:00.1234567890Z", "2026-13-01T10:00:00Z", "２０２６-06-01T10:00:00Z", "2026-06-01T10:00:00ZZ", ""] {
            #expect(UTCTimestamp.date(text) == nil, "'\(text)' is not a UTC timestamp")
        }
        #expect(UTCTimestamp.text(Date(timeIntervalSince1970: 1_780_308_000)) == "2026-06-01T10:00:00Z")
    }
}
