import LectorBasics
import LectorStore
import LectorSync

extension AccountManager {
    /// `account copy --starred` loses nothing where the destination can take entries: the
    /// source's starred articles the destination does not carry are re-created there (a local
    /// account; Miniflux's entry import, into the feed of the same address), starred, with their
    /// content and original dates, from what the store holds of the source. What the
    /// destination cannot take stays listed as not found.
    func recreatingUnmatched(_ result: AccountCopy.StarredResult, from source: Account,
                             through administrator: AccountAdministrator) throws(AccountsError) -> AccountCopy.StarredResult {
        guard !result.unmatched.isEmpty, administrator.account.kind.service.capabilities.importsEntries else { return result }
        var stored: [String: [ArchivedEntry]] = [:]
        do {
            try StoredStarredArchive(store: store, account: source).starredArchive { page in
                for entry in page { stored[entry.wanted.key, default: []].append(entry) }
            }
        } catch { throw .sync(error) }
        var outcome = result
        outcome.unmatched = []
        for wanted in result.unmatched {
            guard let entry = stored[wanted.key]?.popLast() else { outcome.unmatched.append(wanted); continue }
            switch try recreate(entry, through: administrator) {
            case .created, .alreadyThere: outcome.recreated += 1
            case .refused: outcome.unmatched.append(wanted)
            }
        }
        return outcome
    }
}
