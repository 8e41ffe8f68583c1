import Glibc

/// The process's environment as a dictionary, read straight from `environ`.
///
/// `ProcessInfo.processInfo.environment` built the same dictionary at about ten times the cost
/// (632 K instructions of `lector version`'s 4.3 M, callgrind, 2026-12-06): every command pays
/// for it at start-up, so Lector reads the block itself. The first `NAME=` wins, as getenv(3) does.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            // Split at the first '=' on the raw bytes; a line without one is not a variable.
            if let equals = strchr(pointer, 0x3D) {
                let nameLength = pointer.distance(to: equals)
                let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: nameLength), as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(cString: equals + 1)
                }
            }
            entry += 1
        }
        return variables
    }

    /// One variable, without building the dictionary.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
