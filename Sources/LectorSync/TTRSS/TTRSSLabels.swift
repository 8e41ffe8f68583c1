import FoundationEssentials
import LectorBasics

/// Labels both ways: getLabels lists them (127), a label's articles are the headlines of its
/// feed id (-1025 minus its database id, 130), setArticleLabel puts one on or takes it off
/// (128, 134). The API cannot create, rename or delete a label: the web backend's `Pref_Labels`
/// does (`add` 126; `save` and `remove` as its code has them), checked afterwards with getLabels.
extension TTRSSProvider {
    func labelIDs() throws(SyncError) -> [String: Int] {
        TTRSSWire.labels(try client.call("getLabels", [:], "the label list"))
    }

    public func labelledIDs(_ label: String, pages: ([String]) throws(SyncError) -> Void) throws(SyncError) {
        guard let id = try labelIDs()[label] else { return }
        try walkAllHeadlines(["feed_id": id, "view_mode": "all_articles"], "the articles labelled '\(label)'") { objects throws(SyncError) in
            try pages(objects.compactMap { TTRSSWire.int($0["id"]).map(String.init) })
        }
    }

    /// setArticleLabel answers OK for a label it does not have (123): a new label is created first.
    public func setLabel(_ label: String, on: Bool, _ entryIDs: [String]) throws(SyncError) {
        var id = try labelIDs()[label]
        if id == nil && on { id = try createLabel(label) }
        guard let id else { return }  // Taking off a label the server does not have: nothing to do.
        for batch in Self.numericIDs(entryIDs).chunked(into: capabilities.stateBatchLimit) where !batch.isEmpty {
            _ = try client.call("setArticleLabel", ["article_ids": batch.map(String.init).joined(separator: ","), "label_id": id, "assign": on],
                                on ? "labelling articles" : "taking a label off articles")
        }
    }

    /// `Pref_Labels` / `add`, `caption` (126).
    @discardableResult
    func createLabel(_ label: String) throws(SyncError) -> Int {
        try client.backend([("op", "Pref_Labels"), ("method", "add"), ("caption", label)], verb: "create a label")
        guard let id = try labelIDs()[label] else {
            throw .rejected("TT-RSS did not create the label '\(label)' (its web backend took the request but getLabels does not list it)")
        }
        return id
    }

    public func renameLabel(_ label: String, to name: String) throws(SyncError) {
        guard let id = try labelIDs()[label] else { throw .rejected("TT-RSS has no label '\(label)'") }
        try client.backend([("op", "Pref_Labels"), ("method", "save"), ("id", String(TTRSSWire.labelDatabaseID(id))), ("caption", name)],
                           verb: "rename a label")
        guard try labelIDs()[name] == id else {
            throw .rejected("TT-RSS did not rename the label '\(label)' (a label '\(name)' may exist there already)")
        }
    }

    public func deleteLabel(_ label: String) throws(SyncError) {
        guard let id = try labelIDs()[label] else { return }
        try client.backend([("op", "Pref_Labels"), ("method", "remove"), ("ids", String(TTRSSWire.labelDatabaseID(id)))], verb: "delete a label")
        guard try labelIDs()[label] == nil else { throw .rejected("TT-RSS did not delete the label '\(label)'") }
    }
}

/// getFeeds gives each feed's `last_error` (033): what `feed check` reports as the server's view.
extension TTRSSProvider {
    public func feedErrors() throws(SyncError) -> [String: ServerFeedError] {
        var errors: [String: ServerFeedError] = [:]
        for object in try feedObjects() {
            guard let id = TTRSSWire.int(object["id"]), let message = object["last_error"] as? String, !message.isEmpty else { continue }
            errors[String(id)] = ServerFeedError(message: message, count: 1)
        }
        return errors
    }
}
