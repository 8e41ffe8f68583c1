import Foundation

/// `POST /v1/feeds/{id}/entries/import` (Miniflux ≥ 2.2.16), as recordings 152–159 answer it:
/// 201 `{"id":N}` for a new entry; the same `external_id` in the same feed again is 200 with
/// the same id, changing only its status (title, starred and tags stay); `url` is required;
/// `status` defaults to read and must be read or unread; the title defaults to the url, the
/// date to now; an unknown feed is 400 `feed does not exist`; scripts are stripped from the content.
extension MinifluxCall {
    func importEntry(_ feedID: Int?) -> ServerResponse {
        let body = REST.object(request) ?? [:]
        guard let url = body["url"] as? String, !url.isEmpty else { return MinifluxEmulator.error("url is required", 400) }
        let status = body["status"] as? String ?? "read"
        guard status == "read" || status == "unread" else {
            return MinifluxEmulator.error("invalid entry status, valid status values are: \"read\" and \"unread\"", 400)
        }
        return store.withState { state in
            guard let feedID, state.feeds.contains(where: { $0.id == feedID }) else { return MinifluxEmulator.error("feed does not exist", 400) }
            let key = (body["external_id"] as? String).map { "\(feedID)\u{0}\($0)" }
            if let key, let existing = state.externalIDs[key], let index = state.position(of: existing) {
                state.items[index].read = status == "read"
                return REST.json(.object([("id", .int(existing))]))
            }
            let id = FeedStore.nextItemID(&state)
            let title = (body["title"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? url
            let content = (body["content"] as? String ?? "").replacing(/<script\b[^>]*>[\s\S]*?<\/script>/, with: "")
            state.insert(EmulatedItem(id: id, feedID: feedID, title: title, url: url, author: body["author"] as? String, content: content,
                                      published: (body["published_at"] as? NSNumber)?.int64Value ?? Int64(Date().timeIntervalSince1970),
                                      read: status == "read", starred: body["starred"] as? Bool ?? false,
                                      labels: body["tags"] as? [String] ?? [], enclosures: []))
            if let key { state.externalIDs[key] = id }
            return REST.json(.object([("id", .int(id))]), status: 201)
        }
    }
}
