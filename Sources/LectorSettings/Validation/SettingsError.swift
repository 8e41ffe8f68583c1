/// Why a settings operation was refused; `message` is one line a user can act on.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No setting has this key.
    case unknownKey(String, suggestion: String?)
    /// The value does not fit the setting; `problem` names what is allowed.
    case invalidValue(key: String, problem: String)
    /// A list operation (add, remove, move …) cannot be done as asked.
    case listEdit(key: String, problem: String)
    /// The setting is not an ordered action list, so list operations do not apply.
    case notAList(key: String)
    /// Reading or writing the stored values failed.
    case storage(String)

    /// The one-line explanation.
    public var message: String {
        switch self {
        case .unknownKey(let key, let suggestion):
            return "unknown setting '\(key)'" + NearestMatch.hint(suggestion)
        case .invalidValue(let key, let problem), .listEdit(let key, let problem):
            return "\(key): \(problem)"
        case .notAList(let key):
            return "\(key) is not an action list (only dock.actions, swipe.leading and swipe.trailing are)"
        case .storage(let detail):
            return "could not access stored settings: \(detail)"
        }
    }

    public var description: String { message }
}
