// libFuzzer target: any bytes as an RSS/RDF/Atom document (the XML path of the feed parser).
import Foundation
import LectorFeeds

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    _ = try? FeedParser.parse(data, url: URL(string: "https://example.com/feed"), contentType: nil)
    _ = try? FeedParser.parse(data, url: nil, contentType: "application/xml; charset=iso-8859-1")
    _ = FeedParser.looksLikeFeed(data)
    return 0
}
