import FoundationEssentials
import LectorBasics

/// Feeds and categories. The API subscribes, unsubscribes and fetches (subscribeToFeed,
/// unsubscribeFeed, updateFeed: 101–118); creating, renaming and removing a category, and
/// renaming or moving a feed, go through the web backend (140–160), each checked afterwards
/// through the API because the backend's answers say nothing.
extension TTRSSProvider {
    public func subscribe(feedURL: String, folder: String?, title: String?) throws(SyncError) -> RemoteFeed {
        var parameters: [String: Any] = ["feed_url": feedURL]
        // A category id that does not exist crashes the call (104): only ids just read are sent.
        if let folder { parameters["category_id"] = try categoryID(named: folder, creating: true) }
        let content = try client.call("subscribeToFeed", parameters, "subscribing to \(feedURL)")
        guard let status = (content as? [String: Any])?["status"] as? [String: Any], let code = TTRSSWire.int(status["code"]) else {
            throw .protocolViolation("TT-RSS answered the subscription without a status code")
        }
        let message = (status["message"] as? String).map { PlainText.from(html: $0) } ?? ""
        switch code {
        case 0, 1:
            guard let id = TTRSSWire.int(status["feed_id"]) else { throw .protocolViolation("TT-RSS subscribed without saying the feed's id") }
            // A new feed has no articles until it is fetched (112–115): fetch it now.
            if code == 1 { _ = try? client.call("updateFeed", ["feed_id": id], "fetching the new feed") }
            guard var feed = try feeds().first(where: { $0.serverID == String(id) }) else {
                throw .protocolViolation("TT-RSS does not list the feed \(id) it subscribed")
            }
            if let title, title != feed.title {
                try renameFeed(RemoteFeedReference(serverID: feed.serverID, url: feed.url, folder: nil), to: title)
                feed.title = title
            }
            return feed
        case 2: throw .rejected("TT-RSS refused \(feedURL): not a valid address")
        case 3: throw .rejected("TT-RSS found no feed at \(feedURL): give the feed's own address")
        case 4:
            let found = ((status["feeds"] as? [String: Any]) ?? [:]).keys.sorted()
            throw .rejected("TT-RSS found several feeds at \(feedURL): " + found.joined(separator: ", ") + "; add one of them (or use --pick)")
        case 5: throw .rejected("TT-RSS could not fetch \(feedURL)" + (message.isEmpty ? "" : ": \(message.prefix(160))"))
        case 6: throw .rejected("TT-RSS could not read \(feedURL) as a feed" + (message.isEmpty ? "" : " (\(message.prefix(160)))")
                                + ": give the feed's own address")
        default: throw .rejected("TT-RSS could not subscribe to \(feedURL) (code \(code))")
        }
    }

    /// A feed already gone counts as unsubscribed (E_OPERATION_FAILED, 118), so a retry is harmless.
    public func unsubscribe(_ feed: RemoteFeedReference) throws(SyncError) {
        do {
            _ = try client.call("unsubscribeFeed", ["feed_id": try Self.feedID(feed)], "unsubscribing \(feed.url)")
        } catch .rejected(let message) where message.hasSuffix("E_OPERATION_FAILED") {
            return
        }
    }

    /// updateFeed fetches synchronously (114); nil: every feed, one at a time.
    public func refreshOnServer(_ feeds: [RemoteFeedReference]?) throws(SyncError) -> Bool {
        let ids: [Int]
        if let feeds {
            ids = try feeds.map { (feed) throws(SyncError) in try Self.feedID(feed) }
        } else {
            ids = try self.feeds().compactMap { Int($0.serverID) }
        }
        for id in ids { _ = try client.call("updateFeed", ["feed_id": id], "fetching feed \(id)") }
        return true
    }

    // MARK: Through the web backend

    /// `Pref_Feeds` / `editSave` blanks every field it is not sent (147, 148): the feed's address,
    /// site, category and update interval are sent as they are.
    public func renameFeed(_ feed: RemoteFeedReference, to title: String) throws(SyncError) {
        let id = try Self.feedID(feed)
        guard let current = try feedObjects().first(where: { TTRSSWire.int($0["id"]) == id }) else {
            throw .rejected("TT-RSS has no feed \(id) (\(feed.url)): run 'lector sync' first")
        }
        let site = try siteURL(ofFeed: id)
        try client.backend([("op", "Pref_Feeds"), ("method", "editSave"), ("id", String(id)), ("title", title),
                            ("feed_url", current["feed_url"] as? String ?? feed.url), ("site_url", site ?? ""),
                            ("cat_id", String(TTRSSWire.int(current["cat_id"]) ?? 0)),
                            ("update_interval", String(TTRSSWire.int(current["update_interval"]) ?? 0)),
                            ("purge_interval", "0"), ("feed_language", "simple")], verb: "rename a feed")
        guard try feeds().first(where: { $0.serverID == String(id) })?.title == title else {
            throw .rejected("TT-RSS did not rename the feed (its web backend took the request but the feed list is unchanged)")
        }
    }

    /// `Pref_Feeds` / `batchEditSave` with `ids` and `cat_id` changes only the category (145, 146).
    public func moveFeed(_ feed: RemoteFeedReference, to folder: String) throws(SyncError) {
        try moveFeeds([feed], to: folder)
    }

    public func moveFeeds(_ feeds: [RemoteFeedReference], to folder: String) throws(SyncError) {
        let ids = try feeds.map { (feed) throws(SyncError) in try Self.feedID(feed) }
        guard !ids.isEmpty else { return }
        let category = try categoryID(named: folder, creating: true)
        try client.backend([("op", "Pref_Feeds"), ("method", "batchEditSave"), ("ids", ids.map(String.init).joined(separator: ",")),
                            ("cat_id", String(category))], verb: "move a feed to another category")
        let moved = try self.feeds().filter { ids.contains(Int($0.serverID) ?? 0) && $0.folderServerID == String(category) }
        guard moved.count == ids.count else {
            throw .rejected("TT-RSS did not move the feed (its web backend took the request but the feed list is unchanged)")
        }
    }

    /// `Pref_Feeds` / `addCat` (140). TT-RSS makes a second category of the same title (141):
    /// an existing one is used instead.
    public func createFolder(named name: String) throws(SyncError) -> RemoteFolder {
        if let id = try findCategory(named: name) { return RemoteFolder(serverID: String(id), name: name) }
        try client.backend([("op", "Pref_Feeds"), ("method", "addCat"), ("cat", name)], verb: "create a category")
        guard let id = try findCategory(named: name) else {
            throw .rejected("TT-RSS did not create the category '\(name)' (its web backend took the request but the list is unchanged)")
        }
        return RemoteFolder(serverID: String(id), name: name)
    }

    /// `Pref_Feeds` / `renameCat` (144).
    public func renameFolder(_ folder: RemoteFolder, to name: String) throws(SyncError) -> RemoteFolder {
        guard let id = try categoryID(of: folder) else { throw .rejected("TT-RSS has no category '\(folder.name)'") }
        try client.backend([("op", "Pref_Feeds"), ("method", "renameCat"), ("id", String(id)), ("title", name)], verb: "rename a category")
        guard try categories().contains(where: { $0.serverID == String(id) && $0.name == name }) else {
            throw .rejected("TT-RSS did not rename the category (its web backend took the request but the list is unchanged)")
        }
        return RemoteFolder(serverID: String(id), name: name)
    }

    /// `Pref_Feeds` / `removeCat` (160): its feeds become uncategorized, none is deleted.
    public func deleteFolder(_ folder: RemoteFolder) throws(SyncError) {
        guard let id = try categoryID(of: folder) else { return }
        try client.backend([("op", "Pref_Feeds"), ("method", "removeCat"), ("ids", String(id))], verb: "remove a category")
        guard try !categories().contains(where: { $0.serverID == String(id) }) else {
            throw .rejected("TT-RSS did not remove the category (its web backend took the request but the list is unchanged)")
        }
    }

    // MARK: Lists

    func categories() throws(SyncError) -> [RemoteFolder] {
        guard let list = try client.call("getCategories", ["include_empty": true], "the category list") as? [[String: Any]] else {
            throw .protocolViolation("TT-RSS answered the category list with something else")
        }
        return list.compactMap(TTRSSWire.folder)
    }

    func feedObjects() throws(SyncError) -> [[String: Any]] {
        guard let list = try client.call("getFeeds", ["cat_id": -3], "the feed list") as? [[String: Any]] else {
            throw .protocolViolation("TT-RSS answered the feed list with something else")
        }
        return list
    }

    func feeds() throws(SyncError) -> [RemoteFeed] { try feedObjects().compactMap(TTRSSWire.feed) }

    /// getFeeds has no site address; a headline of the feed does (039).
    private func siteURL(ofFeed id: Int) throws(SyncError) -> String? {
        let list = try client.call("getHeadlines", ["feed_id": id, "limit": 1], "the feed's site") as? [[String: Any]]
        return (list?.first?["site_url"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    }

    private func categoryID(of folder: RemoteFolder) throws(SyncError) -> Int? {
        if let id = Int(folder.serverID), id > 0 { return id }
        return try findCategory(named: folder.name)
    }

    /// The id of the category titled `name`, created when missing and `creating`.
    func categoryID(named name: String, creating: Bool) throws(SyncError) -> Int {
        if let id = try findCategory(named: name) { return id }
        guard creating else { throw .rejected("TT-RSS has no category '\(name)'") }
        guard let id = Int(try createFolder(named: name).serverID) else {
            throw .protocolViolation("TT-RSS created the category '\(name)' without an id")
        }
        return id
    }

    /// The exact title first, then one differing in case; of two with the same title, the oldest.
    private func findCategory(named name: String) throws(SyncError) -> Int? {
        let folders = try categories().sorted { (Int($0.serverID) ?? 0) < (Int($1.serverID) ?? 0) }
        let match = folders.first { $0.name == name } ?? folders.first { $0.name.equalsIgnoringCase(name) }
        return match.flatMap { Int($0.serverID) }
    }

    static func feedID(_ feed: RemoteFeedReference) throws(SyncError) -> Int {
        guard let id = Int(feed.serverID), id > 0 else {
            throw .protocolViolation("'\(feed.url)' has no TT-RSS feed id: run 'lector sync' first")
        }
        return id
    }
}
