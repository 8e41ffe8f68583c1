import FoundationEssentials
import Glibc

/// A readable line for an error of FoundationEssentials' file APIs, which have no
/// `localizedDescription` without full Foundation: the POSIX reason behind it, as strerror says it.
public enum ErrorText {
    public static func describe(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue)) + (cocoa.filePath.map { " (\($0))" } ?? "")
        }
        return String(describing: error)
    }
}
