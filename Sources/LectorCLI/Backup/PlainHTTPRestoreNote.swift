import FoundationEssentials
import LectorHTTP
import LectorSettings

/// What a restore says about plain http: the consents a file asks to keep (and the question at a
/// terminal), those it did not keep, and the accounts whose file holds no consent at all.
/// Names and hosts come from the file: they reach the terminal only through the sanitiser.
enum PlainHTTPRestoreNote {
    /// The question asked at a terminal before the consents are kept.
    static func question(for consents: [PlainHTTPConsent]) -> String {
        let lines = consents.map { "  \(subject($0)) at \(TerminalText.sanitize($0.host))" }
        return (["This backup asks to keep consent to send logins unencrypted, over plain http, to:"] + lines
                + ["That consent was given on the machine that wrote the file."]).joined(separator: "\n") + "\n"
    }

    /// One line per consent the restore did not keep, with the way to give it on this machine.
    static func dropped(_ consents: [PlainHTTPConsent]) -> [String] {
        consents.map { consent in
            let command = switch consent.holder {
            case .account(let name): "lector account password \(ShellWords.quotedIfNeeded(TerminalText.sanitize(name))) --allow-insecure"
            case .feed(let account, _, let title):
                "lector feed password \(ShellWords.quotedIfNeeded(TerminalText.sanitize(title))) --account \(ShellWords.quotedIfNeeded(TerminalText.sanitize(account))) --allow-insecure"
            }
            return "\(subject(consent).prefix(1).uppercased() + subject(consent).dropFirst()): the backup's consent to send its login over plain http to "
                + "\(TerminalText.sanitize(consent.host)) was not kept; give it on this machine with '\(command)' (or restore with --allow-insecure)."
        }
    }

    /// For a dry run: the consents a real restore would ask about.
    static func awaiting(_ consents: [PlainHTTPConsent]) -> [String] {
        consents.map { "note: the file asks to keep consent to plain http for \(subject($0)) at \(TerminalText.sanitize($0.host)); "
            + "a restore keeps it only with --allow-insecure or your y at the terminal" }
    }

    /// The consents not kept, for `--json`.
    static func json(_ consents: [PlainHTTPConsent]) -> JSONValue {
        .array(consents.map { consent in
            switch consent.holder {
            case .account(let name): .object(["account": .string(name), "feed": .null, "host": .string(consent.host)])
            case .feed(let account, let url, _): .object(["account": .string(account), "feed": .string(url), "host": .string(consent.host)])
            }
        })
    }

    private static func subject(_ consent: PlainHTTPConsent) -> String {
        switch consent.holder {
        case .account(let name): "account '\(TerminalText.sanitize(name))'"
        case .feed(let account, _, let title): "feed '\(TerminalText.sanitize(title))' of '\(TerminalText.sanitize(account))'"
        }
    }

    /// The accounts whose logins will be refused because they are reached over plain http to
    /// another machine and the file holds no consent for it (a backup written before Lector kept
    /// the consent, format 1.0), each with the command that gives it again.
    static func lines(for accounts: [BackupAccount]) -> [String] {
        accounts.compactMap { account in
            guard account.plainHTTPHost == nil, let text = account.url, let url = URL(string: text), let host = url.host,
                  PlainHTTPRule.wouldExpose(url) else { return nil }
            let name = TerminalText.sanitize(account.name)
            return "Account '\(name)' is reached over plain http at \(host) and this backup holds no consent for that: "
                + "its login will be refused until 'lector account password \(name) --allow-insecure' (or an https:// address)."
        }
    }
}
