import Foundation
import LectorStore

// lector-bench backup [--lector PATH] [--accounts 20] [--subscriptions 2000] [--runs 5]
//
// A setup of `accounts` local accounts (added with `lector account add local`) and
// `subscriptions` feeds spread over them (inserted through LectorStore, for speed); then
// `lector backup export FILE` and `lector backup restore FILE --yes` into a fresh LECTOR_HOME,
// each timed as a whole process, median of `runs`, beside the process floor (/bin/true).
enum BackupBench {
    static func run(_ options: BenchOptions) throws {
        let lector = try options.lector()
        let accounts = try options.int("accounts", default: 20)
        let subscriptions = try options.int("subscriptions", default: 2_000)
        let runs = try options.int("runs", default: 5)
        let source = try LectorHome(lector: lector, purpose: "backup-source")
        defer { source.remove() }
        let setup = try secondsElapsed { try populate(source, accounts: accounts, subscriptions: subscriptions) }
        print(String(format: "backup: %d accounts, %d subscriptions set up in %.1f s; %d runs each, median", accounts, subscriptions, setup, runs))

        let file = source.path + "/backup.json"
        var exports: [Double] = [], restores: [Double] = []
        for _ in 0..<runs {
            exports.append(try source.run("backup", "export", file).milliseconds)
            let target = try LectorHome(lector: lector, purpose: "backup-target")
            defer { target.remove() }
            restores.append(try target.run("backup", "restore", file, "--yes").milliseconds)
            try check(target, accounts: accounts, subscriptions: subscriptions)
        }
        let floor = median(try ProcessTimer.measure(["/bin/true"], environment: [:], runs: max(runs, 20)))
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        let export = median(exports), restore = median(restores)
        print(String(format: "export %.1f ms (%d KB file), restore %.1f ms; process floor /bin/true %.2f ms", export, size / 1000, restore, floor))
        for (what, value) in [("export", export), ("restore --yes (fresh home)", restore)] {
            Summary.record("backup", "\(what), \(accounts) accounts / \(subscriptions) feeds", lector: String(format: "%.1f ms", value),
                           peer: String(format: "/bin/true %.2f ms", floor), ratio: String(format: "+%.1f ms", value - floor), goal: "—")
        }
    }

    /// Accounts through the CLI (as a user adds them); feeds, in folders, straight into the store.
    private static func populate(_ home: LectorHome, accounts: Int, subscriptions: Int) throws {
        for index in 0..<accounts { try home.run("account", "add", "local", "--name", "Account \(index)") }
        let store = try Store(path: home.databasePath)
        let all = try store.accounts.all().filter { !$0.isDemo }
        guard all.count == accounts else { throw BenchError.check("\(all.count) accounts after adding \(accounts)") }
        try store.database.write {
            var folders: [Int64: [Int64]] = [:]
            for account in all {
                folders[account.id] = try (0..<5).map { index in
                    try store.folders.insert(accountID: account.id, serverID: "folder-\(index)", name: "Folder \(index)").id
                }
            }
            for index in 0..<subscriptions {
                let account = all[index % all.count]
                let folder = index % 7 == 0 ? nil : folders[account.id]![index % 5]
                try store.feeds.insert(accountID: account.id, folderID: folder, serverID: "http://127.0.0.1/feeds/\(index).xml",
                                       title: "Feed \(index)", url: "http://127.0.0.1/feeds/\(index).xml",
                                       siteURL: "http://127.0.0.1/site/\(index)/")
            }
        }
    }

    /// The restored home holds every account and feed.
    private static func check(_ home: LectorHome, accounts: Int, subscriptions: Int) throws {
        guard let store = Store.openReadOnly(path: home.databasePath) else { throw BenchError.check("no store after restore") }
        let restoredAccounts = try store.accounts.all().filter { !$0.isDemo }.count
        let restoredFeeds = try store.feeds.list().count
        guard restoredAccounts == accounts, restoredFeeds == subscriptions else {
            throw BenchError.check("restore brought \(restoredAccounts) accounts and \(restoredFeeds) feeds, expected \(accounts) and \(subscriptions)")
        }
    }
}
