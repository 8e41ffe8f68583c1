import Foundation

/// One authenticated Miniflux call.
struct MinifluxCall {
    enum Scope { case all, feed(Int), category(Int) }

    let store: FeedStore
    let request: ServerRequest
    let account: EmulatedAccount
    /// False before 2.3.2: `starred` in `PUT /v1/entries` is ignored there.
    var acceptsStarredField = true

    private func error(_ message: String, _ status: Int) -> ServerResponse { MinifluxEmulator.error(message, status) }

    func me() -> ServerResponse {
        REST.json(userJSON(), status: 200)
    }

    static func categoryJSON(_ folder: EmulatedFolder) -> [(String, JSONValue)] {
        [("id", .number(folder.id)), ("title", .string(folder.name)), ("user_id", .int(1)), ("hide_globally", .bool(false))]
    }

    func categories() -> ServerResponse {
        let counts = request.queryValue("counts") == "true"
        return store.withState { state in
            REST.json(.array(state.folders.sorted { $0.name < $1.name }.map { folder in
                var members = Self.categoryJSON(folder)
                if counts {
                    let feeds = Set(state.feeds.filter { $0.folderID == folder.id }.map(\.id))
                    members.append(("feed_count", .number(feeds.count)))
                    members.append(("total_unread", .number(state.items.filter { feeds.contains($0.feedID) && !$0.read }.count)))
                }
                return .object(members)
            }))
        }
    }

    func createCategory() -> ServerResponse {
        guard let title = REST.object(request)?["title"] as? String, !title.isEmpty else { return error("The title is mandatory", 400) }
        return store.withState { state in
            if state.folders.contains(where: { $0.name == title }) { return error("This category already exists", 400) }
            let id = FeedStore.folder(named: title, in: &state)
            return REST.json(.object(Self.categoryJSON(EmulatedFolder(id: id, name: title))), status: 201)
        }
    }

    func updateCategory(_ id: Int?) -> ServerResponse {
        guard let title = REST.object(request)?["title"] as? String, !title.isEmpty else { return error("The title is mandatory", 400) }
        return store.withState { state in
            guard let index = state.folders.firstIndex(where: { $0.id == id }) else { return error("Not Found", 404) }
            if state.folders.contains(where: { $0.name == title && $0.id != id }) { return error("This category already exists", 400) }
            state.folders[index].name = title
            return REST.json(.object(Self.categoryJSON(state.folders[index])), status: 201)
        }
    }

    /// Miniflux cascades: the category's feeds and their entries go too.
    func deleteCategory(_ id: Int?) -> ServerResponse {
        store.withState { state in
            guard state.folders.contains(where: { $0.id == id }) else { return error("Not Found", 404) }
            let feeds = Set(state.feeds.filter { $0.folderID == id }.map(\.id))
            state.items.removeAll { feeds.contains($0.feedID) }
            state.feeds.removeAll { feeds.contains($0.id) }
            state.folders.removeAll { $0.id == id }
            return .empty(204)
        }
    }

    func feeds(category: Int?) -> ServerResponse {
        store.withState { state in
            if let category, !state.folders.contains(where: { $0.id == category }) { return error("Not Found", 404) }
            let feeds = state.feeds.filter { category == nil || $0.folderID == category }.sorted { $0.title < $1.title }
            return REST.json(.array(feeds.map { Self.feedJSON($0, in: state) }))
        }
    }

    func feed(_ id: Int?) -> ServerResponse {
        store.withState { state in
            guard let feed = state.feeds.first(where: { $0.id == id }) else { return error("Not Found", 404) }
            return REST.json(Self.feedJSON(feed, in: state))
        }
    }

    /// No discovery: only an exact feed URL the store can "fetch" works.
    func createFeed() -> ServerResponse {
        let body = REST.object(request) ?? [:]
        guard let url = body["feed_url"] as? String, !url.isEmpty else { return error("The feed_url is mandatory", 400) }
        let categoryID = (body["category_id"] as? NSNumber)?.intValue
        return store.withState { state in
            let folderID = categoryID ?? state.folders.map(\.id).min() ?? 1
            guard state.folders.contains(where: { $0.id == folderID }) else {
                return error("This category does not exist or does not belong to this user", 400)
            }
            if state.feeds.contains(where: { $0.feedURL == url }) { return error("This feed already exists", 400) }
            let admits = Self.entryFilters(state)
            guard state.catalog.contains(where: { $0.feedURL == url }),
                  let id = FeedStore.subscribe(url, title: nil, folderID: folderID, in: &state, admits: admits) else {
                return error("Unable to parse this feed: no feed found at \(url)", 500)
            }
            return REST.json(.object([("feed_id", .number(id))]), status: 201)
        }
    }

    func deleteFeed(_ id: Int?) -> ServerResponse {
        store.withState { state in
            guard state.feeds.contains(where: { $0.id == id }) else { return error("Not Found", 404) }
            state.feeds.removeAll { $0.id == id }
            state.items.removeAll { $0.feedID == id }
            return .empty(204)
        }
    }

    /// `PUT /v1/feeds|categories/{id}/mark-all-as-read` (unknown: 404 `resource not found`) and
    /// `PUT /v1/users/{id}/mark-all-as-read` (another user: 403 `access forbidden`), 204 with no
    /// body (recordings 161–168). There is no client time: Miniflux marks what was published
    /// before its own now, so an entry dated later stays unread.
    func markAllRead(feed: Int? = nil, category: Int? = nil, user: Int? = nil) -> ServerResponse {
        if let user, user != 1 { return error("access forbidden", 403) }
        let now = Int64(Date().timeIntervalSince1970)
        return store.withState { state in
            let feeds = Set(state.feeds.filter { user != nil || $0.id == feed || (category != nil && $0.folderID == category) }.map(\.id))
            guard user != nil || !feeds.isEmpty || state.folders.contains(where: { $0.id == category }) else {
                return error("resource not found", 404)
            }
            for index in state.items.indices where feeds.contains(state.items[index].feedID) && state.items[index].published < now {
                state.items[index].read = true
            }
            return .empty(204)
        }
    }
}
