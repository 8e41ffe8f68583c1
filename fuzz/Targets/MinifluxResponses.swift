// libFuzzer target: any bytes as a Miniflux v1 answer: feeds, categories, entries, version.
import Foundation
@testable import LectorSync

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let text = String(decoding: data, as: UTF8.self)
    _ = MinifluxWire.isAtLeast(MinifluxWire.versionNumbers(text), [2, 0, 49])
    guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return 0 }
    let objects: [[String: Any]] = (json as? [[String: Any]]) ?? ((json as? [String: Any])?["entries"] as? [[String: Any]]) ?? [json as? [String: Any]].compactMap { $0 }
    for object in objects {
        _ = MinifluxWire.entry(object)
        _ = MinifluxWire.feed(object)
        _ = MinifluxWire.folder(object)
    }
    return 0
}
