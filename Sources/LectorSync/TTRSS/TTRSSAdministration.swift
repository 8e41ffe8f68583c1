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
        let answer = try subscribeCall(parameters, feedURL)
        switch answer.code {
        case 0, 1:
            guard let id = answer.feedID else { throw .protocolViolation("TT-RSS subscribed without saying the feed's id") }
            // `--on-server` discovery subscribed it a moment ago, uncategorized and not fetched
            // (TTRSSDiscovery.swift): this subscription's folder and fetch still apply.
            let discovered = answer.code == 0 && Self.discoveredSubscriptions.withLock { $0.remove(discoveredKey(id)) != nil }
            // A new feed has no articles until it is fetched (112–115): fetch it now.
            if answer.code == 1 || discovered { _ = try? client.call("updateFeed", ["feed_id": id], "fetching the new feed") }
            if discovered, let category = parameters["category_id"] as? Int {
                try client.backend([("op", "Pref_Feeds"), ("method", "batchEditSave"), ("ids", String(id)), ("cat_id", String(category))],
                                   verb: "move a feed to another category")
            }
            guard var feed = try feeds().first(where: { $0.serverID == String(id) }) else {
                throw .protocolViolation("TT-RSS does not list the feed \(id) it subscribed")
            }
            if let title, title != feed.title {
                try renameFeed(RemoteFeedReference(serverID: feed.serverID, url: feed.url, folder: nil), to: title)
                feed.title = title
            }
            return feed
        case 4:
            throw .rejected("TT-RSS found several feeds at \(feedURL): " + answer.feeds.map(\.url).joined(separator: ", ") + "; add one of them (or use --pick)")
        default:
            throw Self.subscribeRefusal(answer, feedURL)
        }
    }

    /// What subscribeToFeed answered: its status code, the feed's id (0, 1), the message (5, 6)
    /// and the feeds a page links to (4, 106: address → title).
    struct SubscribeAnswer {
        var code: Int
        var feedID: Int?
        var message: String
        var feeds: [(url: String, title: String)]
    }

    func subscribeCall(_ parameters: [String: Any], _ feedURL: String) throws(SyncError) -> SubscribeAnswer {
        let content = try client.call("subscribeToFeed", parameters, "subscribing to \(feedURL)")
        guard let status = (content as? [String: Any])?["status"] as? [String: Any], let code = TTRSSWire.int(status["code"]) else {
            throw .protocolViolation("TT-RSS answered the subscription without a status code")
        }
        let message = (status["message"] as? String).map { PlainText.from(html: $0) } ?? ""
        let feeds = ((status["feeds"] as? [String: Any]) ?? [:]).map { (url: $0.key, title: $0.value as? String ?? "") }.sorted { $0.url < $1.url }
        return SubscribeAnswer(code: code, feedID: TTRSSWire.int(status["feed_id"]), message: message, feeds: feeds)
    }

    /// One line for each code that subscribes nothing (108–111; 4 is answered by the caller).
    static func subscribeRefusal(_ answer: SubscribeAnswer, _ feedURL: String) -> SyncError {
        let message = answer.message
        return switch answer.code {
        case 2: .rejected("TT-RSS refused \(feedURL): not a valid address")
        case 3: .rejected("TT-RSS found no feed at \(feedURL): give the feed's own address")
        case 5: .rejected("TT-RSS could not fetch \(feedURL)" + (message.isEmpty ? "" : ": \(message.prefix(160))"))
        case 6: .rejected("TT-RSS could not read \(feedURL) as a feed" + (message.isEmpty ? "" : " (\(message.prefix(160)))")
                          + ": give the feed's own address")
        default: .rejected("TT-RSS could not subscribe to \(feedURL) (code \(answer.code))")
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

    /// `Pref_Feeds` / `editSave` writes every field of the feed and blanks what it is not sent
    /// (147, 148; project 021, 022): the feed's values are read first from `editfeed`, the edit
    /// dialog's own answer (017), and sent back unchanged with the new title (018, 019).
    public func renameFeed(_ feed: RemoteFeedReference, to title: String) throws(SyncError) {
        let id = try Self.feedID(feed)
        let verb = "rename a feed"
        // editfeed of a feed the user does not have crashes PHP (an empty HTTP 500): ask the list first.
        guard try feedObjects().contains(where: { TTRSSWire.int($0["id"]) == id }) else {
            throw .rejected("TT-RSS has no feed \(id) (\(feed.url)): run 'lector sync' first")
        }
        let answer = try client.backend([("op", "Pref_Feeds"), ("method", "editfeed"), ("id", String(id))], verb: verb)
        guard let form = TTRSSFeedEditForm(answer: answer.body) else {
            throw TTRSSClient.noBackend(verb, "its web backend did not give the feed's settings to send back (Pref_Feeds editfeed)")
        }
        try client.backend(form.saveFields(id: id, title: title), verb: verb)
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

    /// The top-level categories (enable_nested, 027), those without feeds too (include_empty, 025, 026):
    /// Lector's folders. Sub-categories are no folders (TTRSSNestedCategories.swift).
    func categories() throws(SyncError) -> [RemoteFolder] {
        guard let list = try client.call("getCategories", ["include_empty": true, "enable_nested": true], "the category list") as? [[String: Any]] else {
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
