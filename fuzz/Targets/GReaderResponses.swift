// libFuzzer target: any bytes as a GReader (FreshRSS) answer: structure, entries, id pages.
import Foundation
@testable import LectorSync

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    _ = try? JSONDecoder().decode(GReaderIDPage.self, from: data)
    guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return 0 }
    _ = GReaderWire.entries(json)
    _ = GReaderWire.structure(subscriptions: json, tags: json)
    if let text = json as? String {
        _ = GReaderWire.normalizeLabel(text)
        _ = GReaderWire.labelName(text)
        _ = GReaderWire.unescapeFreshRSS(text)
        _ = GReaderWire.normalizeState(text)
        _ = GReaderItemID.key(text)
        _ = GReaderItemID.short(text).map(GReaderItemID.long)
    }
    return 0
}
