/// A parsed command line: which command, its positional words, its options.
public struct Invocation: Sendable {
    public let spec: CommandSpec
    public let arguments: [String]
    /// Option name → values given (a flag has one empty value per use).
    public let options: [String: [String]]

    /// The last value of an option, if given.
    public func value(_ option: String) -> String? {
        options[option]?.last
    }

    /// Whether a flag was given.
    public func flag(_ option: String) -> Bool {
        options[option] != nil
    }

    public var wantsJSON: Bool { flag("json") }

    /// The positional argument declared as `name`, if given.
    public func argument(_ name: String) -> String? {
        guard let index = spec.arguments.firstIndex(where: { $0.name == name }), index < arguments.count else { return nil }
        return arguments[index]
    }

    /// The remaining words from the variadic argument on.
    public func variadic(_ name: String) -> [String] {
        guard let index = spec.arguments.firstIndex(where: { $0.name == name }), index < arguments.count else { return [] }
        return Array(arguments[index...])
    }

    /// An integer option, validated.
    public func intValue(_ option: String, range: ClosedRange<Int>) throws(CLIError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw .usage("--\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }
}
