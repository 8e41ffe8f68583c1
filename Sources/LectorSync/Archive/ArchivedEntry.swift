import FoundationEssentials

/// One starred article as an archive keeps it, apart from any server: the entry with its
/// content, its feed and its labels, so it can be starred again, re-created or read elsewhere.
public struct ArchivedEntry: Sendable, Equatable {
    public var title: String
    public var url: String?
    /// The feed's own id for the item (RSS guid, Atom id), where known: a local account's.
    /// Services hand out ids of their own, so theirs is nil.
    public var guid: String?
    public var author: String?
    public var contentHTML: String?
    public var publishedAt: Date?
    public var updatedAt: Date?
    public var feedTitle: String
    public var feedURL: String?
    public var siteURL: String?
    /// The user's labels (tags) on the article; not the folder its feed is filed in.
    public var labels: [String]

    public init(title: String, url: String?, guid: String?, author: String?, contentHTML: String?, publishedAt: Date?,
                updatedAt: Date?, feedTitle: String, feedURL: String?, siteURL: String?, labels: [String]) {
        self.title = title
        self.url = url
        self.guid = guid
        self.author = author
        self.contentHTML = contentHTML
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.feedTitle = feedTitle
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.labels = labels
    }

    /// The identity an import gives the entry on a server that keeps one (Miniflux's
    /// `external_id`): the same article imported twice is one entry there.
    public var externalID: String {
        "lector:" + (guid ?? url ?? "\(feedURL ?? feedTitle)\n\(title)\n\(publishedAt.map { String(Int64($0.timeIntervalSince1970)) } ?? "")")
    }
}

/// A service whose starred articles can be read whole, with their content, page by page.
public protocol StarredArchiving {
    /// Every starred article of the account, a page at a time (each page handed over before
    /// the next is asked for, so memory stays bounded).
    func starredArchive(page: ([ArchivedEntry]) throws -> Void) throws(SyncError)
}

/// A service that can take an entry in from outside (Miniflux ≥ 2.2.16).
public protocol EntryImporting {
    /// Creates `entry`, starred, in the feed `feedServerID`; false when the server had it
    /// already (the same `externalID`), which changes nothing there.
    func importStarred(_ entry: ArchivedEntry, intoFeed feedServerID: String) throws(SyncError) -> Bool
}

extension StarredArchiving {
    /// `page` for a callback that may throw anything, its own errors kept as a sync's.
    func delivering(_ entries: [ArchivedEntry], to page: ([ArchivedEntry]) throws -> Void) throws(SyncError) {
        do { try page(entries) } catch let error as SyncError { throw error } catch { throw .storing(error) }
    }
}
