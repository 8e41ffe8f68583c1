import Foundation

/// Fresh private directories for one benchmark run.
enum TemporaryDirectory {
    /// A new empty directory `lector-bench-<purpose>-XXXXXX` under the temporary directory.
    static func make(_ purpose: String) throws -> String {
        var template = Array((NSTemporaryDirectory() + "lector-bench-\(purpose)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError.check("cannot create a temporary directory") }
        return String(cString: made)
    }
}
