// libFuzzer target: any bytes as an OPML import, and the document it gives back out again.
import Foundation
import LectorFeeds

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let document = try? OPMLDocument.parse(Data(bytes: bytes, count: count)) else { return 0 }
    // What we read we must be able to write and read again.
    _ = try? OPMLDocument.parse(document.xmlData())
    return 0
}
