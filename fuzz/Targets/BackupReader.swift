// libFuzzer target: any bytes as a backup file (`backup inspect` / `backup restore`).
import Foundation
import LectorSettings

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = try? BackupReader.read(Data(bytes: bytes, count: count))
    return 0
}
