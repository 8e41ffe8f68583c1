import FoundationEssentials
import LectorBasics

extension SettingType {
    /// Checks a stored or imported JSON value and returns its canonical form (e.g. "f2" → "F2").
    func check(_ value: JSONValue) throws(ValueProblem) -> JSONValue {
        switch self {
        case .bool:
            guard case .bool = value else { throw ValueProblem("expected true or false, found \(value.typeDescription)") }
            return value
        case .integer(let range, let unit):
            guard let number = value.intValue else {
                throw ValueProblem("expected a whole number (\(Self.describe(range, unit))), found \(value.typeDescription)")
            }
            return .int(try Self.checkRange(number, range, unit))
        case .choice(let allowed):
            guard let name = value.stringValue else {
                throw ValueProblem("expected one of \(allowed.joined(separator: ", ")), found \(value.typeDescription)")
            }
            return .string(try Self.checkChoice(name, allowed))
        case .text(let length):
            guard let text = value.stringValue else { throw ValueProblem("expected a string, found \(value.typeDescription)") }
            return .string(try Self.checkText(text, length))
        case .url:
            guard let text = value.stringValue else { throw ValueProblem("expected a URL string, found \(value.typeDescription)") }
            return .string(try Self.checkURL(text))
        case .actions(let catalog):
            guard let elements = value.arrayValue else {
                throw ValueProblem("expected a list of \(catalog.noun)s, found \(value.typeDescription)")
            }
            var names: [String] = []
            for element in elements {
                guard let name = element.stringValue else {
                    throw ValueProblem("expected \(catalog.noun) names, found \(element.typeDescription) in the list")
                }
                names.append(name)
            }
            return .array(try ActionList(validating: names, catalog: catalog).actions.map(JSONValue.string))
        case .key:
            guard let text = value.stringValue else { throw ValueProblem("expected a key (one character), found \(value.typeDescription)") }
            return .string(try Self.checkKey(text))
        }
    }

    /// Parses text typed by a user (`settings set KEY VALUE`) into a canonical value.
    func parse(_ typed: String) throws(ValueProblem) -> JSONValue {
        let trimmed = typed.trimmingBlanksAndNewlines
        switch self {
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default:
                let hint = NearestMatch.hint(NearestMatch.best(for: trimmed, among: ["true", "false", "on", "off", "yes", "no"]))
                throw ValueProblem("'\(trimmed)' is not a boolean; use true or false\(hint)")
            }
        case .integer(let range, let unit):
            guard let number = Int(trimmed) else {
                throw ValueProblem("'\(trimmed)' is not a whole number; allowed \(Self.describe(range, unit))")
            }
            return .int(try Self.checkRange(number, range, unit))
        case .choice, .url, .key:
            return try check(.string(trimmed))
        case .text:
            return try check(.string(typed))
        case .actions:
            let names = trimmed.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
            if names == ["none"] { return .array([]) }
            return try check(.array(names.map(JSONValue.string)))
        }
    }

    /// The allowed values in words, for errors, docs and `settings list`.
    public var allowedDescription: String {
        switch self {
        case .bool: return "true, false"
        case .integer(let range, let unit): return Self.describe(range, unit)
        case .choice(let allowed): return allowed.joined(separator: ", ")
        case .text(let length):
            return length.lowerBound == 0 ? "text up to \(length.upperBound) characters"
                : "text of \(length.lowerBound) to \(length.upperBound) characters"
        case .url: return "an http(s) URL, or empty"
        case .actions(let catalog):
            return "up to \(catalog.maxCount) of " + catalog.known.joined(separator: ", ")
        case .key: return "one printable character, not a space or a digit"
        }
    }

    private static func describe(_ range: ClosedRange<Int>, _ unit: String) -> String {
        "\(range.lowerBound)…\(range.upperBound) \(unit)"
    }

    private static func checkRange(_ number: Int, _ range: ClosedRange<Int>, _ unit: String) throws(ValueProblem) -> Int {
        guard range.contains(number) else {
            let nearest = min(max(number, range.lowerBound), range.upperBound)
            throw ValueProblem("\(number) is outside \(describe(range, unit)); did you mean \(nearest)?")
        }
        return number
    }

    private static func checkChoice(_ name: String, _ allowed: [String]) throws(ValueProblem) -> String {
        if allowed.contains(name) { return name }
        if let match = allowed.first(where: { $0.lowercased() == name.lowercased() }) { return match }
        let hint = NearestMatch.hint(NearestMatch.best(for: name, among: allowed))
        throw ValueProblem("'\(name)' is not one of \(allowed.joined(separator: ", "))\(hint)")
    }

    private static func checkText(_ text: String, _ length: ClosedRange<Int>) throws(ValueProblem) -> String {
        if text.count < length.lowerBound {
            throw ValueProblem(length.lowerBound == 1 ? "must not be empty" : "must be at least \(length.lowerBound) characters")
        }
        if text.count > length.upperBound {
            throw ValueProblem("is \(text.count) characters long; at most \(length.upperBound) are allowed")
        }
        return text
    }

    private static func checkKey(_ text: String) throws(ValueProblem) -> String {
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, (0x21...0x7E).contains(scalar.value) else {
            throw ValueProblem("'\(text)' is not one key: give one printable ASCII character (a letter, or a sign such as / or ?)")
        }
        guard !("0"..."9").contains(text) else { throw ValueProblem("'\(text)' is a digit; digits are the reader dock's keys") }
        return text
    }

    private static func checkURL(_ text: String) throws(ValueProblem) -> String {
        if text.isEmpty { return text }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty else {
            throw ValueProblem("not an http or https URL (example: http://127.0.0.1:11434); empty means the provider's standard one")
        }
        if parts.user != nil || parts.password != nil {
            throw ValueProblem("the URL must not contain a user name or password; secrets belong in the keyring")
        }
        return text
    }
}

extension Setting {
    /// Validates what a user typed for this setting; the error names the allowed values and the nearest one.
    public func parse(_ typed: String) throws(SettingsError) -> JSONValue {
        do { return try type.parse(typed) } catch { throw .invalidValue(key: key, problem: error.text) }
    }

    /// Validates a JSON value for this setting and returns its canonical form.
    public func validate(_ value: JSONValue) throws(SettingsError) -> JSONValue {
        do { return try type.check(value) } catch { throw .invalidValue(key: key, problem: error.text) }
    }
}
