// libFuzzer target: any bytes as an article page through the content extractor.
import Foundation
import LectorReader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = try? ContentExtractor.extract(html: Data(bytes: bytes, count: count), url: URL(string: "https://example.com/a/b.html")!)
    return 0
}
