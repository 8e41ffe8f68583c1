import Foundation
import Glibc

/// A new folder only this user may enter, inside the temporary directory, for one test's files:
/// a test never writes directly into /tmp, which other users share (a store opened there had
/// Lector make /tmp private, and a run as root broke every other program on the machine).
public enum TemporaryFolder {
    /// Makes the folder (`mkdtemp`, mode 0700) and answers its path; the caller removes it.
    public static func make(_ prefix: String) throws -> String {
        var template = Array((NSTemporaryDirectory() + prefix + "-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "mkdtemp: " + String(cString: strerror(errno))])
        }
        return String(cString: made)
    }
}
