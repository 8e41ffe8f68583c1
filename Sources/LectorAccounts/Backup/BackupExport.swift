import LectorSettings

extension AccountManager {
    /// The backup of this home's chosen sections (`backup export`): accounts without their
    /// secrets, settings, subscriptions with a local account's marks, the reading list, the
    /// user's profiles, the rules and the saved searches.
    public func backup(of sections: Set<BackupSection>, preferences: Preferences, profiles: [Profile],
                       toolVersion: String) throws(AccountsError) -> BackupDocument {
        let snapshot = BackupSnapshot(store: store, preferences: preferences, profiles: profiles)
        let document = try storing {
            BackupDocument.export(toolVersion: toolVersion,
                                  accounts: sections.contains(.accounts) ? try snapshot.accounts() : [],
                                  preferences: preferences,
                                  subscriptions: sections.contains(.subscriptions) ? try snapshot.subscriptions() : nil,
                                  readingList: sections.contains(.readingList) ? try snapshot.readingList() : nil,
                                  profiles: sections.contains(.profiles) ? profiles : nil,
                                  rules: sections.contains(.rules) ? try snapshot.rules() : nil,
                                  savedSearches: sections.contains(.savedSearches) ? try snapshot.savedSearches() : nil)
        }
        try Self.requireRestorable(document)
        return document
    }

    /// An export is read back with the restore's own reader before anything is written: a store
    /// filled by an older Lector may hold what no backup may carry (a feed at `file:///…`), and a
    /// file that `backup restore` refuses whole is no backup.
    static func requireRestorable(_ document: BackupDocument) throws(AccountsError) {
        do {
            _ = try BackupReader.read(document.jsonValue.canonicalData(pretty: false))
        } catch .invalid(_, let violations) {
            throw .backup(.unrestorable(violations.map { named($0, in: document) }))
        } catch {
            throw .backup(error)
        }
    }

    /// A violation inside a feed says which feed: `subscriptions.Home.feeds[3].url` alone names none.
    private static func named(_ violation: SchemaViolation, in document: BackupDocument) -> SchemaViolation {
        guard let match = violation.path.firstMatch(of: /^subscriptions\.(.+)\.feeds\[(\d+)\]/),
              let index = Int(match.2), let feeds = document.subscriptions?[String(match.1)]?.feeds, feeds.indices.contains(index) else { return violation }
        return SchemaViolation(path: violation.path, problem: violation.problem + " (feed '\(feeds[index].title)' of '\(match.1)': 'lector feed remove' it, or subscribe to it again at its web address)")
    }
}
