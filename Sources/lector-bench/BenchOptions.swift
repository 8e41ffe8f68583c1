import Foundation

/// The `--name value` options of one subcommand, with defaults.
struct BenchOptions {
    let arguments: [String]

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The value after `--name`, or `value` when the option is absent.
    func string(_ name: String, default value: String) -> String {
        guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count else { return value }
        return arguments[index + 1]
    }

    /// A whole-number option; a malformed value is a usage error rather than a silent default.
    func int(_ name: String, default value: Int) throws -> Int {
        let text = string(name, default: String(value))
        guard let number = Int(text), number > 0 else { throw BenchError.usage("--\(name) wants a positive whole number, not '\(text)'") }
        return number
    }

    /// The `lector` executable to measure, checked to exist.
    func lector() throws -> String {
        let path = string("lector", default: ".build/release/lector")
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchError.usage("no lector binary at \(path): build it with 'swift build -c release --static-swift-stdlib'")
        }
        return path
    }
}
