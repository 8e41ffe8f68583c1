import Foundation

/// Asking Miniflux to fetch now, and its discovery (miniflux 030–034, 107–113).
extension MinifluxCall {
    /// What the user's and each feed's entry filters let a fetch store (miniflux 175–179).
    static func entryFilters(_ state: FeedStore.State) -> (EmulatedFeed, RemoteEntry) -> Bool {
        let user = state.userSettings
        return { feed, entry in MinifluxEntryFilter(user: user, feed: feed).admits(entry) }
    }

    /// `PUT /v1/feeds/{id}/refresh`: fetches at once, through the entry filters, 204; unknown feed
    /// 404 (109); a feed gone from the web 500 with the fetcher's message, counted as a parsing error (111, 112).
    func refreshFeed(_ id: Int?) -> ServerResponse {
        store.withState { state in
            guard let id, state.feeds.contains(where: { $0.id == id }) else { return MinifluxEmulator.error("resource not found", 404) }
            let admits = Self.entryFilters(state)
            guard FeedStore.fetch(feedID: id, in: &state, admits: admits) else {
                let message = "fetcher: resource not found (404 status code)"
                state.feedErrors[id] = ("This website is unreachable (the page was not found)", (state.feedErrors[id]?.count ?? 0) + 1)
                return MinifluxEmulator.error(message, 500)
            }
            state.feedErrors[id] = nil
            return .empty(204)
        }
    }

    /// `PUT /v1/feeds/refresh`: every feed that is not disabled, 204 (108). Miniflux queues them;
    /// the emulator fetches at once, so the next read sees what they brought.
    func refreshAllFeeds() -> ServerResponse {
        store.withState { state in
            let admits = Self.entryFilters(state)
            for feed in state.feeds where feed.settings["disabled"] != .bool(true) {
                if !FeedStore.fetch(feedID: feed.id, in: &state, admits: admits) {
                    state.feedErrors[feed.id] = ("This website is unreachable (the page was not found)", (state.feedErrors[feed.id]?.count ?? 0) + 1)
                }
            }
            return .empty(204)
        }
    }

    /// `POST /v1/discover {"url"}`: a feed's own address gives that feed, titled by its address
    /// (033); a page gives the feeds it links to (030), else those beside it called atom.xml or
    /// rss.xml, titled by their address (031); nothing found is 404 (032); an address the server
    /// cannot fetch is 500 (034).
    func discover() -> ServerResponse {
        guard let url = REST.object(request)?["url"] as? String, !url.isEmpty else { return MinifluxEmulator.error("The URL is mandatory", 400) }
        return store.withState { state in
            func found(_ feed: RemoteFeed, titled title: String) -> JSONValue {
                .object([("title", .string(title)), ("url", .string(feed.feedURL)),
                         ("type", .string(feed.feedURL.contains("atom") ? "atom" : "rss"))])
            }
            if let feed = state.catalog.first(where: { $0.feedURL == url }) { return REST.json(.array([found(feed, titled: url)])) }
            let linked = state.catalog.filter { $0.siteURL == url }
            if !linked.isEmpty { return REST.json(.array(linked.map { found($0, titled: $0.title) })) }
            guard state.pages.contains(url) else { return MinifluxEmulator.error("fetcher: resource not found (404 status code)", 500) }
            let directory = url.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            let beside = ["atom.xml", "rss.xml"].compactMap { name in state.catalog.first { $0.feedURL == "\(directory)/\(name)" } }
            guard !beside.isEmpty else { return MinifluxEmulator.error("resource not found", 404) }
            return REST.json(.array(beside.map { found($0, titled: $0.feedURL) }))
        }
    }
}
