import FoundationEssentials
import LectorHTTP

/// Subscriptions and taggings through Feedbin. A folder is a tag name and exists only while a
/// feed carries it, so a new empty folder stays local (`createFolder` returns nil).
extension FeedbinProvider {
    /// Feedbin discovers by itself: a site URL with one feed subscribes to it; with several the
    /// server answers 300 and the choices are named so the user can pick the feed URL.
    public func subscribe(feedURL: String, folder: String?, title: String?) throws(SyncError) -> RemoteFeed {
        // 302 means "already subscribed" and carries the subscription: read it, do not follow it.
        let response = try connection.send(jsonRequest("POST", "subscriptions.json", ["feed_url": feedURL], followRedirects: false))
        switch response.status {
        case 200, 201, 302: break
        case 300:
            // Without a readable list the refusal still stands, only without the choices.
            let choices = (try? connection.json(response, "the feed choices") as? [[String: Any]])?
                .compactMap { $0["feed_url"] as? String } ?? []
            throw .rejected("\(feedURL) offers several feeds; subscribe to one of them: \(choices.joined(separator: ", "))")
        case 404: throw .rejected("Feedbin found no feed at \(feedURL)")
        default: try connection.require(response, "subscribing to \(feedURL)")
        }
        guard let object = try connection.json(response, "the new subscription") as? [String: Any],
              let subscription = FeedbinWire.subscription(object) else {
            throw .protocolViolation("Feedbin subscribed without describing the subscription")
        }
        var feed = subscription.feed
        if let title {
            try call("PATCH", "subscriptions/\(subscription.id).json", json: ["title": title], "naming the new feed")
            feed.title = title
        }
        if let folder {
            try tag(feed.serverID, folder)
            feed.folderServerID = folder
        }
        return feed
    }

    public func renameFeed(_ feed: RemoteFeedReference, to title: String) throws(SyncError) {
        guard let id = try subscriptionID(of: feed) else { throw .rejected("Feedbin has no subscription to \(feed.url)") }
        try call("PATCH", "subscriptions/\(id).json", json: ["title": title], "renaming the feed")
    }

    /// Files the feed under exactly `folder`: its other taggings go, then the new one is added
    /// (Feedbin's documented order; a failure in between leaves the feed subscribed at the root).
    public func moveFeed(_ feed: RemoteFeedReference, to folder: String) throws(SyncError) {
        let feedID = try Self.feedID(feed)
        let current = try taggingList().filter { $0.feedID == feedID }
        for tagging in current where tagging.name != folder {
            let response = try connection.send(jsonRequest("DELETE", "taggings/\(tagging.id).json", nil))
            if response.status != 404 { try connection.require(response, "taking the feed out of \(tagging.name)") }
        }
        if !current.contains(where: { $0.name == folder }) { try tag(feedID, folder) }
    }

    /// A subscription already gone counts as unsubscribed, so a retry is harmless.
    public func unsubscribe(_ feed: RemoteFeedReference) throws(SyncError) {
        guard let id = try subscriptionID(of: feed) else { return }
        let response = try connection.send(jsonRequest("DELETE", "subscriptions/\(id).json", nil))
        if response.status == 404 { return }
        try connection.require(response, "unsubscribing")
    }

    /// A tag exists once a feed carries it; its name is its id.
    public func createFolder(named name: String) throws(SyncError) -> RemoteFolder {
        RemoteFolder(serverID: name, name: name)
    }

    public func renameFolder(_ folder: RemoteFolder, to name: String) throws(SyncError) -> RemoteFolder {
        try call("POST", "tags.json", json: ["old_name": folder.name, "new_name": name], "renaming the folder")
        return RemoteFolder(serverID: name, name: name)
    }

    /// Removes the tag; its feeds stay subscribed (at the root unless tagged elsewhere).
    public func deleteFolder(_ folder: RemoteFolder) throws(SyncError) {
        try call("DELETE", "tags.json", json: ["name": folder.name], "deleting the folder")
    }

    // MARK: Helpers

    /// POST taggings: 201 created, 302 already there; both are success.
    private func tag(_ feedID: String, _ folder: String) throws(SyncError) {
        guard let id = Int(feedID) else { throw .protocolViolation("'\(feedID)' is not a Feedbin feed id") }
        let response = try connection.send(jsonRequest("POST", "taggings.json", ["feed_id": id, "name": folder], followRedirects: false))
        if response.status == 302 { return }
        try connection.require(response, "filing the feed in \(folder)")
    }

    /// Rename and delete take the subscription id, not the feed id: looked up from the list.
    private func subscriptionID(of feed: RemoteFeedReference) throws(SyncError) -> Int64? {
        let feedID = try Self.feedID(feed)
        return try subscriptionList().first { $0.feed.serverID == feedID }?.id
    }

    static func feedID(_ feed: RemoteFeedReference) throws(SyncError) -> String {
        guard let id = Int64(feed.serverID) else {
            throw .protocolViolation("'\(feed.url)' has no Feedbin feed id: run 'lector sync' first")
        }
        return String(id)
    }
}
