import Foundation

/// A throwaway LECTOR_HOME and the `lector` commands run against it.
struct LectorHome {
    let path: String
    let lector: String

    init(lector: String, purpose: String) throws {
        self.lector = lector
        path = try TemporaryDirectory.make(purpose)
    }

    /// A home at a path the caller keeps (a benchmark's store to use again).
    init(lector: String, path: String) {
        self.lector = lector
        self.path = path
    }

    var environment: [String: String] { ["LECTOR_HOME": path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": path] }
    var databasePath: String { path + "/data/lector.sqlite" }

    /// Runs `lector ARGUMENTS` to completion; fails with its output when it fails.
    @discardableResult
    func run(_ arguments: String...) throws -> ProcessTimer.Run {
        try ProcessTimer.runChecked([lector] + arguments, environment: environment)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
