import FoundationEssentials
import LectorHTTP
import LectorSettings

/// After a restore: the accounts whose logins will be refused because they are reached over plain
/// http to another machine and the file holds no consent for it (a backup written before Lector
/// kept the consent, format 1.0), each with the command that gives it again.
enum PlainHTTPRestoreNote {
    static func lines(for accounts: [BackupAccount]) -> [String] {
        accounts.compactMap { account in
            guard account.plainHTTPHost == nil, let text = account.url, let url = URL(string: text), let host = url.host,
                  PlainHTTPRule.wouldExpose(url) else { return nil }
            // The name comes from the file: it reaches the terminal only through the sanitiser.
            let name = TerminalText.sanitize(account.name)
            return "Account '\(name)' is reached over plain http at \(host) and this backup holds no consent for that: "
                + "its login will be refused until 'lector account password \(name) --allow-insecure' (or an https:// address)."
        }
    }
}
