import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore
import LectorSync

/// Compares what an account has with a desired list of feeds and says what to change. Feeds are
/// the same when their canonical address is (http/https, a trailing slash, host case do not
/// count); folders when their names are, ignoring case.
public struct SubscriptionPlanner {
    let administrator: AccountAdministrator

    public init(administrator: AccountAdministrator) {
        self.administrator = administrator
    }

    /// The plan; with `prune`, feeds not desired are unsubscribed and folders left empty deleted.
    /// `folders` are wanted too, with or without feeds (`account copy --folders`).
    public func plan(_ desired: [DesiredFeed], folders wantedFolders: [String] = [], prune: Bool) throws(AdministrationError) -> AdministrationPlan {
        let store = administrator.store
        let accountID = administrator.account.id
        let (current, folders): ([FeedListing], [FolderListing])
        do {
            // A feed kept after it left the server's list is not subscribed there: a desired feed
            // of its address is subscribed, and pruning has nothing of it to unsubscribe.
            current = try store.feeds.list(accountID: accountID).filter { !$0.leftServer }
            folders = try store.folders.list(accountID: accountID)
        } catch { throw .store(error) }

        var byKey: [String: FeedListing] = [:]
        for listing in current {
            if let url = URL(string: listing.feed.url) { byKey[canonicalFeedKey(url)] = byKey[canonicalFeedKey(url)] ?? listing }
        }
        var folderNames = Set(folders.map { $0.folder.name.lowercased() })
        var creates: [PlanStep] = [], subscribes: [PlanStep] = [], renames: [PlanStep] = [], moves: [PlanStep] = []
        var wanted = Set<String>()
        /// Feeds each folder will hold once the plan ran, by lower-cased folder name.
        var occupancy: [String: Int] = [:]
        for listing in current { if let name = listing.folderName { occupancy[name.lowercased(), default: 0] += 1 } }

        func needFolder(_ name: String) {
            if folderNames.insert(name.lowercased()).inserted { creates.append(.createFolder(name: name)) }
        }
        for name in wantedFolders where !name.trimmingBlanks.isEmpty { needFolder(name) }
        for feed in desired {
            let key = canonicalFeedKey(feed.url)
            guard wanted.insert(key).inserted else { continue }
            let folder = feed.folder.flatMap { $0.trimmingBlanks.isEmpty ? nil : $0 }
            guard let have = byKey[key] else {
                if let folder { needFolder(folder); occupancy[folder.lowercased(), default: 0] += 1 }
                subscribes.append(.subscribe(DesiredFeed(url: feed.url, title: feed.title, folder: folder, siteURL: feed.siteURL, settings: feed.settings)))
                continue
            }
            if let title = feed.title, !title.trimmingBlanks.isEmpty, title != have.feed.title {
                renames.append(.rename(have.feed, to: title))
            }
            if let folder, have.folderName?.equalsIgnoringCase(folder) != true {
                needFolder(folder)
                occupancy[folder.lowercased(), default: 0] += 1
                if let old = have.folderName { occupancy[old.lowercased(), default: 0] -= 1 }
                moves.append(.move(have.feed, from: have.folderName, to: folder))
            }
        }
        var removals: [PlanStep] = []
        if prune {
            for listing in current {
                guard let url = URL(string: listing.feed.url), !wanted.contains(canonicalFeedKey(url)) else { continue }
                removals.append(.unsubscribe(listing.feed))
                if let old = listing.folderName { occupancy[old.lowercased(), default: 0] -= 1 }
            }
            // Only folders this plan empties: a folder that was empty already may be one the
            // service files new feeds in (Miniflux's first category), or one kept on purpose.
            let desiredFolders = Set(desired.compactMap { $0.folder?.lowercased() } + wantedFolders.map { $0.lowercased() })
            for listing in folders where listing.feedCount > 0 && !desiredFolders.contains(listing.folder.name.lowercased())
                && occupancy[listing.folder.name.lowercased(), default: 0] <= 0 {
                removals.append(.deleteFolder(listing.folder))
            }
        }
        let (settings, notCarried) = try settingSteps(desired, current: byKey)
        let steps = creates + subscribes + renames + moves + settings + removals
        var refusals: [String] = []
        if !administrator.canEditStructure && !steps.isEmpty {
            refusals.append(AdministrationError.unsupported(kind: administrator.account.kind, verb: "add, rename, move or remove feeds").description)
        }
        return AdministrationPlan(steps: steps, refusals: refusals, notCarried: notCarried)
    }
}
