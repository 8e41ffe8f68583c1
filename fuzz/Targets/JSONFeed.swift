// libFuzzer target: any bytes behind a "{" as a JSON Feed document.
import Foundation
import LectorFeeds

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    // The JSON branch is taken on a leading "{" or "["; make sure every input reaches it.
    var data = Data("{".utf8)
    data.append(bytes, count: count)
    _ = try? FeedParser.parse(data, url: URL(string: "https://example.com/feed.json"), contentType: nil)
    _ = try? FeedParser.parse(Data(bytes: bytes, count: count), url: nil, contentType: "application/feed+json")
    return 0
}
