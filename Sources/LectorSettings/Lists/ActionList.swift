/// An ordered list of distinct known actions, with the edits `dock …` and `swipe …` offer.
/// Positions are 1-based, as users count.
public struct ActionList: Equatable, Sendable {
    /// The actions, in order.
    public private(set) var actions: [String]
    /// The actions allowed and how many fit.
    public let catalog: ActionCatalog
    private let key: String
    private let defaults: [String]

    /// The list currently held by an action-list setting, given its stored (or default) value.
    public init(setting: Setting, value: JSONValue) throws(SettingsError) {
        guard case .actions(let catalog) = setting.type else { throw .notAList(key: setting.key) }
        let canonical = try setting.validate(value)
        self.actions = canonical.arrayValue?.compactMap(\.stringValue) ?? []
        self.catalog = catalog
        self.key = setting.key
        self.defaults = setting.defaultValue.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// Validation used by the type checker: known names, no duplicates, not too many.
    init(validating names: [String], catalog: ActionCatalog) throws(ValueProblem) {
        var resolved: [String] = []
        for name in names {
            let action = try Self.resolve(name, in: catalog)
            if resolved.contains(action) { throw ValueProblem("'\(action)' appears more than once") }
            resolved.append(action)
        }
        if resolved.count > catalog.maxCount {
            throw ValueProblem("\(resolved.count) actions given; at most \(catalog.maxCount) fit")
        }
        self.actions = resolved
        self.catalog = catalog
        self.key = ""
        self.defaults = []
    }

    /// The list as a setting value.
    public var value: JSONValue { .array(actions.map(JSONValue.string)) }

    /// Inserts a known action at `position` (default: the end); refuses duplicates and overfull lists.
    public mutating func add(_ name: String, at position: Int? = nil) throws(SettingsError) {
        let action = try resolve(name)
        if let existing = actions.firstIndex(of: action) {
            throw fail("'\(action)' is already at position \(existing + 1); use move to reorder it")
        }
        guard actions.count < catalog.maxCount else {
            throw fail("already holds \(actions.count) actions, the most that fit; remove one first")
        }
        let target = position ?? actions.count + 1
        try checkPosition(target, upTo: actions.count + 1)
        actions.insert(action, at: target - 1)
    }

    /// Removes an action that is in the list.
    public mutating func remove(_ name: String) throws(SettingsError) {
        let action = try resolve(name)
        guard let index = actions.firstIndex(of: action) else { throw fail("'\(action)' is not in the list (\(current))") }
        actions.remove(at: index)
    }

    /// Moves an action that is in the list to `position`.
    public mutating func move(_ name: String, to position: Int) throws(SettingsError) {
        let action = try resolve(name)
        guard let index = actions.firstIndex(of: action) else { throw fail("'\(action)' is not in the list (\(current))") }
        try checkPosition(position, upTo: actions.count)
        actions.remove(at: index)
        actions.insert(action, at: position - 1)
    }

    /// Replaces the whole list (`swipe set leading ACTION…`), with the same checks as the type.
    public mutating func replace(with names: [String]) throws(SettingsError) {
        do {
            actions = try ActionList(validating: names, catalog: catalog).actions
        } catch {
            throw fail(error.text)
        }
    }

    /// Restores the declared default.
    public mutating func reset() {
        actions = defaults
    }

    private var current: String {
        actions.isEmpty ? "the list is empty" : "current: " + actions.joined(separator: ", ")
    }

    private func resolve(_ name: String) throws(SettingsError) -> String {
        do { return try Self.resolve(name, in: catalog) } catch { throw fail(error.text) }
    }

    private static func resolve(_ name: String, in catalog: ActionCatalog) throws(ValueProblem) -> String {
        if let action = catalog.action(named: name) { return action }
        let hint = NearestMatch.hint(NearestMatch.best(for: name, among: catalog.known))
        throw ValueProblem("'\(name)' is not a \(catalog.noun) (known: \(catalog.known.joined(separator: ", ")))\(hint)")
    }

    private func checkPosition(_ position: Int, upTo last: Int) throws(SettingsError) {
        guard (1...max(last, 1)).contains(position) else {
            throw fail("position \(position) is outside 1…\(max(last, 1))")
        }
    }

    private func fail(_ problem: String) -> SettingsError {
        .listEdit(key: key, problem: problem)
    }
}
