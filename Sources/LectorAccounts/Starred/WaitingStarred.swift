import FoundationEssentials
import LectorBasics
import LectorSettings
import LectorStore
import LectorSync

extension AccountManager {
    /// Keeps a restored account's starred articles in the store when the restore cannot reach its
    /// server (no secret yet): its first sync after `account password` puts them back, by itself.
    /// Kept a page at a time, each page in its own transaction. Returns how many wait.
    func keepStarredForFirstSync(_ section: StarredSection, of name: String) throws(AccountsError) -> Int {
        let account = try account(named: name)
        do {
            try section.forEachPage(of: name) { page in try store.starredWaiting.keep(page, accountID: account.id) }
        } catch let error as StoreError {
            throw .store(error)
        } catch let error as BackupError {
            throw .backup(error)
        } catch {
            throw .storing(error)
        }
        return try storing { try store.starredWaiting.count(accountID: account.id) }
    }

    /// The account's starred articles that a restore left for this sync (their secret came after
    /// it), put back now against what the sync brought: starred again, re-created where the
    /// server takes entries, named where it cannot. Each page is taken out of the store once it
    /// is put back, so they are put back once; a failure leaves the rest for the next sync.
    /// Nil when none waits.
    func putBackWaitingStarred(_ account: Account) throws(AccountsError) -> StarredRestoreReport? {
        let waiting = try storing { try store.starredWaiting.count(accountID: account.id) }
        guard waiting > 0 else { return nil }
        var report = StarredRestoreReport(account: account.name, wanted: waiting, matched: 0, newlyStarred: 0, recreated: 0, notTaken: [])
        var done = Set<Int>()
        do throws(AccountsError) {
            let administrator = try administrator(for: account)
            try putBackStarred(through: administrator, into: &report, done: &done) { (body) throws(AccountsError) in
                var last = -1
                while true {
                    let page = try storing { try store.starredWaiting.page(accountID: account.id, after: last, limit: StarredSection.pageSize) }
                    guard let end = page.last?.position else { break }
                    try body(page.map(\.entry))
                    try storing { try store.starredWaiting.remove(accountID: account.id, through: end) }
                    last = end
                }
            }
        } catch {
            report.failure = error
            // Why try?: the store failing here too leaves the count as it was when the sync began.
            report.waitingForNextSync = (try? store.starredWaiting.count(accountID: account.id)) ?? waiting
        }
        return report
    }
}
