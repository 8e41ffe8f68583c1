import FoundationEssentials
import LectorAccounts
import LectorStore
import LectorSync

extension Session {
    /// The administrator of an account (see `AccountManager.administrator(for:)`).
    func administrator(for account: Account) throws(CLIError) -> AccountAdministrator {
        try accounts { (manager) throws(AccountsError) in try manager.administrator(for: account) }
    }
}

/// Runs an administration verb, mapping its failure onto the CLI's exit codes.
func administering<T>(_ body: () throws(AdministrationError) -> T) throws(CLIError) -> T {
    do { return try body() } catch { throw CLIError(error) }
}

extension ServerChange {
    /// Said before the period of a verb's line when the server was found with the change made.
    var note: String {
        self == .alreadyMade ? " (the server had done it already: its answer was lost on the way back)" : ""
    }
}

extension CLIError {
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
