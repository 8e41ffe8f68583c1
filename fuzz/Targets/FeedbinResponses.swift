// libFuzzer target: any bytes as a Feedbin v2 answer: subscriptions, taggings, entries, Link header.
import Foundation
@testable import LectorSync

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    _ = FeedbinWire.nextLink(String(decoding: data, as: UTF8.self))
    guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return 0 }
    let objects: [[String: Any]] = (json as? [[String: Any]]) ?? [json as? [String: Any]].compactMap { $0 }
    for object in objects {
        _ = FeedbinWire.subscription(object)
        _ = FeedbinWire.tagging(object)
        _ = FeedbinWire.entry(object)
        _ = FeedbinWire.date(object["published"])
    }
    return 0
}
