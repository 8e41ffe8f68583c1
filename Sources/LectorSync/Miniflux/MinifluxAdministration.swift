import FoundationEssentials
import LectorBasics
import LectorHTTP

/// Feeds and categories through Miniflux's REST API. Every feed has exactly one category;
/// deleting a category deletes its feeds (the capabilities say so, and the CLI asks first).
extension MinifluxProvider {
    /// Miniflux does not discover: the URL must be the feed itself (an HTML page fails to parse).
    public func subscribe(feedURL: String, folder: String?, title: String?) throws(SyncError) -> RemoteFeed {
        var body: [String: Any] = ["feed_url": feedURL]
        if let folder { body["category_id"] = try categoryID(named: folder, creating: true) }
        let response = try connection.send(jsonRequest("POST", "v1/feeds", body))
        if response.status >= 500, let message = Self.errorMessage(response) {
            throw .rejected("Miniflux could not subscribe to \(feedURL): \(message) (Miniflux does not discover feeds: give the feed's own address)")
        }
        try require(response, "subscribing to \(feedURL)")
        guard let object = try connection.json(response, "the new feed") as? [String: Any], let id = MinifluxWire.int64(object["feed_id"]) else {
            throw .protocolViolation("Miniflux subscribed without saying the new feed's id")
        }
        if let title { try call("PUT", "v1/feeds/\(id)", json: ["title": title], "naming the new feed") }
        guard let feed = (try getJSON("v1/feeds/\(id)", [], "the new feed") as? [String: Any]).flatMap(MinifluxWire.feed) else {
            throw .protocolViolation("Miniflux did not describe the new feed \(id)")
        }
        return feed
    }

    public func renameFeed(_ feed: RemoteFeedReference, to title: String) throws(SyncError) {
        try call("PUT", "v1/feeds/\(try Self.feedID(feed))", json: ["title": title], "renaming the feed")
    }

    public func moveFeed(_ feed: RemoteFeedReference, to folder: String) throws(SyncError) {
        let id = try Self.feedID(feed)
        let category = try categoryID(named: folder, creating: true)
        try call("PUT", "v1/feeds/\(id)", json: ["category_id": category], "moving the feed")
    }

    /// `PUT /v1/feeds/{id}` takes a `feed_url` too: the feed keeps its id, entries and category.
    public func changeFeedAddress(_ feed: RemoteFeedReference, to url: String) throws(SyncError) -> Bool {
        try call("PUT", "v1/feeds/\(try Self.feedID(feed))", json: ["feed_url": url], "changing the feed's address")
        return true
    }

    /// A feed already gone from the server counts as unsubscribed, so a retry is harmless.
    public func unsubscribe(_ feed: RemoteFeedReference) throws(SyncError) {
        let response = try connection.send(jsonRequest("DELETE", "v1/feeds/\(try Self.feedID(feed))", nil))
        if response.status == 404 { return }
        try require(response, "unsubscribing")
    }

    public func createFolder(named name: String) throws(SyncError) -> RemoteFolder {
        let response = try call("POST", "v1/categories", json: ["title": name], "creating the category")
        guard let folder = (try connection.json(response, "the new category") as? [String: Any]).flatMap(MinifluxWire.folder) else {
            throw .protocolViolation("Miniflux did not describe the new category")
        }
        return folder
    }

    public func renameFolder(_ folder: RemoteFolder, to name: String) throws(SyncError) -> RemoteFolder {
        guard let id = try categoryID(of: folder) else { throw .rejected("Miniflux has no category '\(folder.name)'") }
        try call("PUT", "v1/categories/\(id)", json: ["title": name], "renaming the category")
        return RemoteFolder(serverID: String(id), name: name)
    }

    /// Deletes the category and, on Miniflux, every feed in it.
    public func deleteFolder(_ folder: RemoteFolder) throws(SyncError) {
        guard let id = try categoryID(of: folder) else { return }
        let response = try connection.send(jsonRequest("DELETE", "v1/categories/\(id)", nil))
        if response.status == 404 { return }
        try require(response, "deleting the category")
    }

    // MARK: Categories

    /// The category's id: its server id, or — for a folder the store only knows by name — found by title.
    private func categoryID(of folder: RemoteFolder) throws(SyncError) -> Int64? {
        if let id = Int64(folder.serverID) { return id }
        return try findCategory(named: folder.name)
    }

    /// The id of the category titled `name`, created when missing and `creating`.
    func categoryID(named name: String, creating: Bool) throws(SyncError) -> Int64 {
        if let id = try findCategory(named: name) { return id }
        guard creating else { throw .rejected("Miniflux has no category '\(name)'") }
        guard let id = Int64(try createFolder(named: name).serverID) else {
            throw .protocolViolation("Miniflux created the category '\(name)' without an id")
        }
        return id
    }

    private func findCategory(named name: String) throws(SyncError) -> Int64? {
        guard let list = try getJSON("v1/categories", [], "the category list") as? [[String: Any]] else {
            throw .protocolViolation("Miniflux answered the category list with something else")
        }
        let folders = list.compactMap(MinifluxWire.folder)
        let match = folders.first { $0.name == name } ?? folders.first { $0.name.equalsIgnoringCase(name) }
        return match.flatMap { Int64($0.serverID) }
    }

    static func feedID(_ feed: RemoteFeedReference) throws(SyncError) -> Int64 {
        guard let id = Int64(feed.serverID) else {
            throw .protocolViolation("'\(feed.url)' has no Miniflux feed id: run 'lector sync' first")
        }
        return id
    }
}
