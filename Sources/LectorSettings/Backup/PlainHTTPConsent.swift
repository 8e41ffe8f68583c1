/// A consent to sending a login over plain http that a backup carries. It was the word of the user
/// of the machine that wrote the file: a restore keeps it only when this machine's user confirms
/// it (`--allow-insecure`, or y at the terminal). Consents this machine already holds are not asked again.
public struct PlainHTTPConsent: Equatable, Sendable {
    /// Whose login it covers.
    public enum Holder: Equatable, Sendable {
        case account(name: String)
        /// A local account's feed behind a login, known by its url.
        case feed(account: String, url: String, title: String)
    }

    public let holder: Holder
    /// The host the login would be sent to unencrypted.
    public let host: String
}

extension BackupDocument {
    /// The consents the selected sections carry that this machine does not hold yet.
    public func plainHTTPConsents(beyond current: BackupState, sections: Set<BackupSection>) -> [PlainHTTPConsent] {
        var consents: [PlainHTTPConsent] = []
        if sections.contains(.accounts) {
            for account in accounts {
                guard let host = account.plainHTTPHost,
                      current.accounts.first(where: { $0.name == account.name })?.plainHTTPHost != host else { continue }
                consents.append(PlainHTTPConsent(holder: .account(name: account.name), host: host))
            }
        }
        guard sections.contains(.subscriptions), let subscriptions else { return consents }
        // A remote account's feeds are its server's: a restore writes no consent for them.
        for (name, wanted) in subscriptions.sorted(by: { $0.key < $1.key }) where !BackupPlan.isRemote(name, current: current, document: self) {
            let have = current.subscriptions[name]?.feeds ?? []
            for feed in wanted.feeds {
                guard let host = feed.plainHTTPHost, have.first(where: { $0.url == feed.url })?.plainHTTPHost != host else { continue }
                consents.append(PlainHTTPConsent(holder: .feed(account: name, url: feed.url, title: feed.title), host: host))
            }
        }
        return consents
    }

    /// The document with `consents` taken out: for each, what this machine holds now stays.
    public func dropping(_ consents: [PlainHTTPConsent], current: BackupState) -> BackupDocument {
        var document = self
        for consent in consents {
            switch consent.holder {
            case .account(let name):
                guard let index = document.accounts.firstIndex(where: { $0.name == name }) else { continue }
                document.accounts[index].plainHTTPHost = current.accounts.first { $0.name == name }?.plainHTTPHost
            case .feed(let account, let url, _):
                guard let index = document.subscriptions?[account]?.feeds.firstIndex(where: { $0.url == url }) else { continue }
                let held = current.subscriptions[account]?.feeds.first { $0.url == url }?.plainHTTPHost
                document.subscriptions?[account]?.feeds[index].plainHTTPHost = held
            }
        }
        return document
    }
}
