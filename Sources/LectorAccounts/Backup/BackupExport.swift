import LectorSettings

extension AccountManager {
    /// The backup of this home's chosen sections (`backup export`): accounts without their
    /// secrets, settings, subscriptions with a local account's marks, the reading list, the
    /// user's profiles, the rules and the saved searches.
    public func backup(of sections: Set<BackupSection>, preferences: Preferences, profiles: [Profile],
                       toolVersion: String) throws(AccountsError) -> BackupDocument {
        let snapshot = BackupSnapshot(store: store, preferences: preferences, profiles: profiles)
        return try storing {
            BackupDocument.export(toolVersion: toolVersion,
                                  accounts: sections.contains(.accounts) ? try snapshot.accounts() : [],
                                  preferences: preferences,
                                  subscriptions: sections.contains(.subscriptions) ? try snapshot.subscriptions() : nil,
                                  readingList: sections.contains(.readingList) ? try snapshot.readingList() : nil,
                                  profiles: sections.contains(.profiles) ? profiles : nil,
                                  rules: sections.contains(.rules) ? try snapshot.rules() : nil,
                                  savedSearches: sections.contains(.savedSearches) ? try snapshot.savedSearches() : nil)
        }
    }
}
