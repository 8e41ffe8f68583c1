import Foundation

/// Endpoints that change state.
extension GReaderCall {
    func editTag() -> ServerResponse {
        let ids = Set(params.values("i").compactMap(GReaderItemID.parse))
        let add = params.values("a").map(Self.normalize)
        let remove = params.values("r").map(Self.normalize)
        store.withState { state in
            for index in state.positions(of: ids) {
                for tag in add { Self.apply(tag, on: true, to: &state.items[index]) }
                for tag in remove { Self.apply(tag, on: false, to: &state.items[index]) }
            }
        }
        return FreshRSSReply.html("OK")
    }

    private static func apply(_ tag: String, on: Bool, to item: inout EmulatedItem) {
        switch tag {
        case readState: item.read = on
        case starredState: item.starred = on
        default:
            guard tag.hasPrefix(labelPrefix) else { return }
            let name = String(tag.dropFirst(labelPrefix.count))
            item.labels.removeAll { $0 == name }
            if on { item.labels.append(name) }
        }
    }

    /// FreshRSS compares `ts` (µs; missing or 0: now) with the item id, its receipt time. Miniflux
    /// reads `ts` as seconds below 16 digits and µs from 16 on, compares it with the publication
    /// time (missing: everything), answers a bad `ts` 400 with Go's ParseInt message and an
    /// unknown label 404, in JSON (miniflux-greader 72–80).
    func markAllAsRead() -> ServerResponse {
        marksAsMiniflux ? markAllAsReadAsMiniflux() : markAllAsReadAsFreshRSS()
    }

    private func markAllAsReadAsMiniflux() -> ServerResponse {
        let stream = Self.normalize(params.value("s") ?? Self.readingList)
        var before = Int64.max
        if let ts = params.value("ts") {
            guard let value = Int64(ts) else {
                return REST.json(.object([("error_message", .string("strconv.ParseInt: parsing \"\(ts)\": invalid syntax"))]), status: 400)
            }
            before = ts.count >= 16 ? value / 1_000_000 : value
        }
        return store.withState { state in
            if let name = Self.labelName(stream), !state.folders.contains(where: { $0.name == name }) {
                return REST.json(.object([("error_message", .string("resource not found"))]), status: 404)
            }
            let ids = Set(Self.select(stream, in: state).filter { $0.published < before }.map(\.id))
            for index in state.items.indices where ids.contains(state.items[index].id) { state.items[index].read = true }
            return ServerResponse(status: 200, headers: [(name: "Content-Type", value: "text/plain; charset=utf-8")], body: Data("OK".utf8))
        }
    }

    private func markAllAsReadAsFreshRSS() -> ServerResponse {
        let stream = Self.normalize(params.value("s") ?? Self.readingList)
        var limit = Int64(Date().timeIntervalSince1970 * 1_000_000)
        if let ts = params.value("ts"), !ts.isEmpty, ts != "0" {
            guard let value = Int64(ts) else { return FreshRSSReply.error(400) }
            limit = value
        }
        return store.withState { state in
            if stream.hasPrefix(Self.labelPrefix) {
                let name = String(stream.dropFirst(Self.labelPrefix.count))
                let known = state.folders.contains { $0.name == name } || state.items.contains { $0.labels.contains(name) }
                guard known else { return FreshRSSReply.error(400) }
            } else if stream.hasPrefix("feed/") {
                guard Self.feed(String(stream.dropFirst(5)), in: state) != nil else { return FreshRSSReply.error(400) }
            }
            let ids = Set(Self.select(stream, in: state).filter { $0.id <= limit }.map(\.id))
            for index in state.items.indices where ids.contains(state.items[index].id) { state.items[index].read = true }
            return FreshRSSReply.html("OK")
        }
    }

    func quickAdd() -> ServerResponse {
        var url = params.value("quickadd") ?? ""
        if url.hasPrefix("feed/") { url.removeFirst(5) }
        let reply: JSONValue = store.withState { state in
            let remote = FeedStore.remote(url, in: state)
            let feedURL = remote?.feedURL ?? url
            if state.feeds.contains(where: { $0.feedURL == feedURL }) {
                return .object([("numResults", .int(0)), ("error", .string("Already subscribed! \(feedURL)"))])
            }
            guard let remote, let id = FeedStore.subscribe(url, title: nil, folderID: 1, in: &state) else {
                return .object([("numResults", .int(0)),
                                ("error", .string("cURL error 22: The requested URL returned error: 404 [\(url)]"))])
            }
            return .object([("numResults", .int(1)), ("query", .string(remote.feedURL)), ("streamId", .string("feed/\(id)")),
                            ("streamName", .string(FreshRSSReply.escapeTitle(remote.title)))])
        }
        return FreshRSSReply.html(reply.serialized())
    }

    /// Several `s` per call, handled from the last to the first; the n-th `t` names the n-th `s`.
    /// The first failure stops the call with 400, leaving done what was done (admin 19, 45, 46).
    /// `subscribe` skips a numeric id (48); `edit` ignores an unknown feed (22) and, with `r` or a
    /// posted title but no `a`, files the feed in the default folder (admin 22, 23); a title in a
    /// GET's query renames it where it is (greader 25, 26, 33).
    ///
    /// The folder `a` names is looked up once, before the first `s`. When it exists, every feed of
    /// the call goes in it (admin 53, 54; lector fixture 01, 02). When it does not, the first feed
    /// handled creates it and each later one tries to create it again, fails, and lands in the
    /// default folder — the call still answers OK (admin 51, 52; lector fixture 03, 04).
    func subscriptionEdit() -> ServerResponse {
        let action = params.value("ac") ?? ""
        guard ["subscribe", "unsubscribe", "edit"].contains(action) else { return FreshRSSReply.error(400) }
        let streams = params.values("s")
        let titles = params.values("t")
        let add = params.value("a").map(Self.normalize).flatMap(Self.labelName)
        let remove = params.value("r").map(Self.normalize).flatMap(Self.labelName)
        let ok: Bool = store.withState { state in
            let folderBefore = add.flatMap { name in state.folders.first { $0.name == name }?.id }
            /// FreshRSS's `addCategory` per feed: a name taken since the call began is refused.
            func folderFor(_ name: String) -> Int {
                if let folderBefore { return folderBefore }
                if state.folders.contains(where: { $0.name == name }) { return 1 }
                return FeedStore.folder(named: name, in: &state)
            }
            for position in streams.indices.reversed() {
                guard streams[position].hasPrefix("feed/") else { return false }
                let reference = String(streams[position].dropFirst(5))
                let title = position < titles.count && !titles[position].isEmpty ? titles[position] : nil
                switch action {
                case "subscribe":
                    if Int(reference) != nil || state.feeds.contains(where: { $0.feedURL == reference }) { continue }
                    let folderID = add.map { folderFor($0) } ?? 1
                    guard FeedStore.subscribe(reference, title: title, folderID: folderID, in: &state) != nil else { return false }
                case "unsubscribe":
                    guard let feed = Self.feed(reference, in: state) else { return false }
                    state.feeds.removeAll { $0.id == feed.id }
                    state.items.removeAll { $0.feedID == feed.id }
                default:
                    // The feed is looked up once: asked inside firstIndex's predicate, one edit cost the square of the list.
                    guard let id = Self.feed(reference, in: state)?.id, let index = state.feeds.firstIndex(where: { $0.id == id }) else { continue }
                    if let title { state.feeds[index].title = title }
                    if let add {
                        state.feeds[index].folderID = folderFor(add)
                    } else if remove != nil || (title != nil && request.method == "POST") {
                        state.feeds[index].folderID = 1
                    }
                }
            }
            return true
        }
        return ok ? FreshRSSReply.html("OK") : FreshRSSReply.error(400)
    }

    func renameTag() -> ServerResponse {
        guard let source = params.value("s").map(Self.normalize).flatMap(Self.labelName),
              let target = params.value("dest").map(Self.normalize).flatMap(Self.labelName), !target.isEmpty else {
            return FreshRSSReply.error(400)
        }
        let ok: Bool = store.withState { state in
            if let index = state.folders.firstIndex(where: { $0.name == source }) {
                state.folders[index].name = target
                return true
            }
            guard state.items.contains(where: { $0.labels.contains(source) }) else { return false }
            for index in state.items.indices {
                state.items[index].labels = state.items[index].labels.map { $0 == source ? target : $0 }
            }
            return true
        }
        return ok ? FreshRSSReply.html("OK") : FreshRSSReply.error(400)
    }

    func disableTag() -> ServerResponse {
        let names = params.values("s").map(Self.normalize).compactMap(Self.labelName)
        let ok: Bool = store.withState { state in
            var any = false
            for name in names {
                if let folder = state.folders.first(where: { $0.name == name }), folder.id != 1 {
                    for index in state.feeds.indices where state.feeds[index].folderID == folder.id { state.feeds[index].folderID = 1 }
                    state.folders.removeAll { $0.id == folder.id }
                    any = true
                } else if state.items.contains(where: { $0.labels.contains(name) }) {
                    for index in state.items.indices { state.items[index].labels.removeAll { $0 == name } }
                    any = true
                }
            }
            return any
        }
        return ok ? FreshRSSReply.html("OK") : FreshRSSReply.error(400)
    }

    static func labelName(_ stream: String) -> String? {
        stream.hasPrefix(labelPrefix) ? String(stream.dropFirst(labelPrefix.count)) : nil
    }
}
