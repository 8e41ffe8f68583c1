// libFuzzer target: any bytes as a Fever API answer: groups and feeds, items, id lists.
import Foundation
@testable import LectorSync

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard let object = (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) as? [String: Any] else { return 0 }
    _ = try? FeverWire.items(object)
    _ = FeverWire.structure(groups: object, feeds: object)
    _ = FeverWire.idList(object["unread_item_ids"])
    _ = FeverWire.idList(object["saved_item_ids"])
    return 0
}
