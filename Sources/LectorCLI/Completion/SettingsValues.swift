import LectorSettings

/// Completion candidates that come from the settings registry.
enum SettingsValues {
    static func candidates(for source: ValueSource?, key: String?) -> [Candidate] {
        switch source {
        case .settingKeys?:
            return SettingsGroup.allCases.map { Candidate(value: $0.rawValue, help: $0.summary) }
                + SettingsCompletion.keys().map { Candidate(value: $0.key, help: $0.summary) }
        case .settingGroups?:
            return SettingsGroup.allCases.map { Candidate(value: $0.rawValue, help: $0.summary) }
        case .settingValues?:
            guard let key else { return [] }
            return SettingsCompletion.values(for: key).map { Candidate(value: $0, help: "value of \(key)") }
        case .actions(let key)?:
            return SettingsCompletion.values(for: key).map { Candidate(value: $0, help: "action") }
        default:
            return []
        }
    }
}
