import SecretShim
import Glibc

/// Calls into the C shim: its return codes become a result or a thrown `KeyringError`.
enum ShimCall {
    enum Outcome { case done, nothing }

    @discardableResult
    static func run(_ call: (UnsafeMutablePointer<ks_error>) -> Int32) throws(KeyringError) -> Outcome {
        var error = ks_error()
        defer { ks_error_clear(&error) }
        switch call(&error) {
        case 0: return .done
        case 1: return .nothing
        default: throw KeyringError(error)
        }
    }
}

extension KeyringError {
    init(_ error: ks_error) {
        let domain = error.domain.map { String(cString: $0) } ?? "unknown"
        let message = error.message.map { String(cString: $0) } ?? "no details"
        switch error.kind {
        case KS_FAILURE_UNREACHABLE: self = .unreachable(cause: message)
        case KS_FAILURE_LOCKED: self = .locked
        case KS_FAILURE_NO_COLLECTION: self = .noDefaultCollection
        case KS_FAILURE_MISSING_LIBRARY: self = .libraryMissing(message)
        default: self = .failed(domain: domain, code: Int(error.code), message: message)
        }
    }
}

extension Array where Element == (key: String, value: String) {
    /// Lends the keys and values to C as two NUL-terminated string arrays.
    func withCArrays<R>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<UnsafePointer<CChar>?>, Int) -> R
    ) -> R {
        let keys = map { UnsafePointer(strdup($0.key)) }
        let values = map { UnsafePointer(strdup($0.value)) }
        defer {
            keys.forEach { free(UnsafeMutablePointer(mutating: $0)) }
            values.forEach { free(UnsafeMutablePointer(mutating: $0)) }
        }
        return body(keys, values, count)
    }
}
