// libFuzzer target: any text as a feed date (RFC 822, ISO 8601 and the sloppy forms between).
import Foundation
import LectorFeeds

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    _ = FeedDateParser.parse(text)
    return 0
}
