import FoundationEssentials
import LectorAccounts
import LectorStore
import LectorSync

extension ServerChange {
    /// Said before the period of a verb's line when the server was found with the change made.
    var note: String {
        self == .alreadyMade ? " (the server had done it already: its answer was lost on the way back)" : ""
    }
}

extension CLIError {
    /// The sentence and exit code of an administration verb's refusal, as `AccountsError`
    /// wraps it (`.administration`) and a plan step's outcome carries it.
    init(_ error: AdministrationError) {
        switch error {
        case .unsupported, .emptyName, .loginInClear, .loginToAnotherOrigin, .settingUnsupported, .badSettingValue, .refreshUnsupported, .notAWebAddress: self = .usage(TerminalText.sanitize(error.description))
        case .keyring: self = .authentication(error.description)
        case .alreadySubscribed, .folderExists, .starredNotFound: self = .conflict(TerminalText.sanitize(error.description))
        case .filedElsewhere: self = .failure(TerminalText.sanitize(error.description))
        case .server(let cause): self = CLIError(cause)
        case .store(let cause): self = CLIError.from(cause)
        }
    }
}
