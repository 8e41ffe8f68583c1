import Foundation

/// One API call of a live session (the recordings' README: ids, objects, paging, changes).
struct TTRSSCall {
    let emulator: TTRSSEmulator
    /// The emulator's store, or for a read while stale reads are served, its snapshot.
    let store: FeedStore
    let body: [String: Any]
    let seq: JSONValue

    /// A JSON number or numeric string. (A JSON number 0 or 1 also casts to Bool: the type decides.)
    static func int(_ value: Any?) -> Int? {
        guard let value else { return nil }
        if let text = value as? String { return Int(text) }
        if type(of: value) == Bool.self { return nil }
        if let number = value as? NSNumber { return number.intValue }
        return value as? Int
    }

    /// JSON true/false, or a string where "false", "f", "0" and "" are false (030).
    static func flag(_ value: Any?) -> Bool {
        guard let value else { return false }
        if let text = value as? String { return !["false", "f", "0", ""].contains(text) }
        if type(of: value) == Bool.self, let bool = value as? Bool { return bool }
        if let number = value as? NSNumber { return number.intValue != 0 }
        return false
    }

    private func ok(_ content: JSONValue) -> ServerResponse { TTRSSEmulator.reply(seq, content) }
    private func fail(_ code: String) -> ServerResponse { TTRSSEmulator.failure(seq, code) }
    private var statusOK: ServerResponse { ok(.object([("status", .string("OK"))])) }

    func answer(_ op: String) -> ServerResponse {
        switch op {
        case "getapilevel": return ok(.object([("level", .int(23))]))
        case "getversion": return ok(.object([("version", .string(emulator.version))]))
        case "getconfig":
            return ok(.object([("custom_sort_types", .array([])), ("daemon_is_running", .bool(false)),
                               ("icons_url", .string(emulator.base.withLock { $0 } + "/public.php")), ("num_feeds", .number(store.feeds.count))]))
        case "getcategories": return categories()
        case "getfeeds": return feeds()
        case "getheadlines": return headlines()
        case "getarticle": return article()
        case "updatearticle": return updateArticle()
        case "catchupfeed": return catchup()
        case "getunread": return unread()
        case "subscribetofeed": return subscribe()
        case "unsubscribefeed": return unsubscribe()
        case "updatefeed": return updateFeed()
        case "getlabels": return getLabels()
        case "setarticlelabel": return setLabel()
        default: return TTRSSEmulator.failure(seq, "UNKNOWN_METHOD", extra: [("method", .string(op))])
        }
    }

    // MARK: Categories and feeds

    /// `enable_nested`: only the top-level categories, each counting its sub-categories' unread (027).
    private func categories() -> ServerResponse {
        let includeEmpty = Self.flag(body["include_empty"])
        let nested = Self.flag(body["enable_nested"])
        let labels = emulator.extra.withLock { $0.labels.map(\.caption) }
        let parents = emulator.extra.withLock { $0.parents }
        let descendants = Dictionary(uniqueKeysWithValues: store.folders.map { ($0.id, emulator.descendants(of: $0.id)) })
        return store.withState { state in
            var list: [JSONValue] = []
            for folder in state.folders where folder.id > 1 && !(nested && parents[folder.id] != nil) {
                let feeds = Set(state.feeds.filter { $0.folderID == folder.id }.map(\.id))
                let children = descendants[folder.id] ?? []
                guard includeEmpty || !feeds.isEmpty || !children.isEmpty else { continue }
                let counted = nested ? feeds.union(state.feeds.filter { children.contains($0.folderID) }.map(\.id)) : feeds
                let unread = state.items.filter { counted.contains($0.feedID) && !$0.read }.count
                list.append(.object([("id", .number(folder.id - 1)), ("title", .string(folder.name)), ("unread", .number(unread)), ("order_id", .int(0))]))
            }
            if includeEmpty || !labels.isEmpty {
                let unread = state.items.filter { !$0.read && !$0.labels.isEmpty }.count
                list.append(.object([("id", .int(-2)), ("title", .string("Labels")), ("unread", .number(unread))]))
            }
            list.append(.object([("id", .int(-1)), ("title", .string("Special")), ("unread", .int(0))]))
            if includeEmpty || state.feeds.contains(where: { $0.folderID == 1 }) {
                let feeds = Set(state.feeds.filter { $0.folderID == 1 }.map(\.id))
                let unread = state.items.filter { feeds.contains($0.feedID) && !$0.read }.count
                list.append(.object([("id", .int(0)), ("title", .string("Uncategorized")), ("unread", .number(unread))]))
            }
            return ok(.array(list))
        }
    }

    static func feedJSON(_ feed: EmulatedFeed, in state: FeedStore.State) -> JSONValue {
        .object([("feed_url", .string(feed.feedURL)), ("title", .string(feed.title)), ("id", .number(feed.id)),
                 ("unread", .number(state.items.filter { $0.feedID == feed.id && !$0.read }.count)),
                 ("has_icon", .bool(state.favicons[feed.id] != nil)), ("cat_id", .number(feed.folderID - 1)),
                 ("last_updated", .int(feed.lastUpdated)), ("order_id", .int(0)),
                 ("last_error", .string(state.feedErrors[feed.id]?.message ?? "")),
                 ("update_interval", feed.settings["update_interval"] ?? .int(0))])
    }

    /// getFeeds without `cat_id` is category 0, not every feed (037).
    private func feeds() -> ServerResponse {
        let category = Self.int(body["cat_id"]) ?? 0
        let labels = emulator.extra.withLock { $0.labels }
        let parents = emulator.extra.withLock { $0.parents }
        let descendants = Dictionary(uniqueKeysWithValues: store.folders.map { ($0.id, emulator.descendants(of: $0.id)) })
        return store.withState { state in
            let real = state.feeds.sorted { $0.title < $1.title }
            switch category {
            case -4, -3, -1:
                var list: [JSONValue] = []
                if category != -3 {
                    let unread = state.items.filter { !$0.read }.count
                    for (id, title, count) in [(-1, "Starred articles", state.items.filter { $0.starred && !$0.read }.count),
                                               (-2, "Published articles", 0), (-3, "Fresh articles", unread), (-4, "All articles", unread),
                                               (-6, "Recently read", 0), (0, "Archived articles", 0)] {
                        list.append(.object([("id", .number(id)), ("title", .string(title)), ("unread", .number(count)), ("cat_id", .int(-1))]))
                    }
                }
                return ok(.array(paged(list + (category == -1 ? [] : real.map { Self.feedJSON($0, in: state) }))))
            case -2:
                return ok(.array(labels.map { label in
                    .object([("id", .number(-1025 - label.id)), ("title", .string(label.caption)),
                             ("unread", .number(state.items.filter { !$0.read && $0.labels.contains(label.caption) }.count)), ("cat_id", .int(-2))])
                }))
            default:
                // include_nested: the child categories first, by title, each counting its own sub-categories (029–032).
                var children: [JSONValue] = []
                if Self.flag(body["include_nested"]) && category != 0 {
                    for folder in state.folders.filter({ parents[$0.id] == category + 1 }).sorted(by: { $0.name < $1.name }) {
                        let inside = Set([folder.id] + (descendants[folder.id] ?? []))
                        let feeds = Set(state.feeds.filter { inside.contains($0.folderID) }.map(\.id))
                        let unread = state.items.filter { feeds.contains($0.feedID) && !$0.read }.count
                        children.append(.object([("id", .number(folder.id - 1)), ("title", .string(folder.name)), ("unread", .number(unread)),
                                                 ("is_cat", .bool(true)), ("order_id", .int(0))]))
                    }
                }
                return ok(.array(children + paged(real.filter { $0.folderID == category + 1 }.map { Self.feedJSON($0, in: state) })))
            }
        }
    }

    /// getFeeds' `limit` and `offset` (038).
    private func paged(_ list: [JSONValue]) -> [JSONValue] {
        let offset = max(0, Self.int(body["offset"]) ?? 0)
        guard let limit = Self.int(body["limit"]), limit > 0 else { return Array(list.dropFirst(offset)) }
        return Array(list.dropFirst(offset).prefix(limit))
    }

    // MARK: Articles

    /// A category with `nested` also holds its sub-categories' feeds: getHeadlines with
    /// include_nested (033, 034), catchupFeed always (035, 036).
    private func selection(_ state: FeedStore.State, feed: Int, isCategory: Bool, nested: Bool = false) -> [EmulatedItem] {
        let extra = emulator.extra.withLock { $0 }
        if isCategory {
            let folders = Set([feed + 1] + (nested && feed > 0 ? emulator.descendants(of: feed + 1) : []))
            let feeds = Set(state.feeds.filter { folders.contains($0.folderID) }.map(\.id))
            return state.items.filter { feeds.contains($0.feedID) }
        }
        switch feed {
        case -4: return state.items
        case -1: return state.items.filter(\.starred)
        case -2: return state.items.filter { extra.published.contains($0.id) }
        case -3: return state.items.filter { !$0.read }
        case -6:
            // Read articles by when they were read, latest first (085).
            return state.items.filter { $0.read && extra.lastRead[$0.id] != nil }.sorted { extra.lastRead[$0.id]! > extra.lastRead[$1.id]! }
        case ...(-1025):
            guard let caption = extra.labels.first(where: { -1025 - $0.id == feed })?.caption else { return [] }
            return state.items.filter { $0.labels.contains(caption) }
        default: return state.items.filter { $0.feedID == feed }
        }
    }

    private func headlines() -> ServerResponse {
        guard let feed = Self.int(body["feed_id"]) else { return fail("INCORRECT_USAGE") }
        let isCategory = Self.flag(body["is_cat"])
        let view = body["view_mode"] as? String ?? "all_articles"
        let sinceID = Int64(Self.int(body["since_id"]) ?? 0)
        var limit = Self.int(body["limit"]) ?? 200
        if limit == 0 || limit >= 200 { limit = 200 }
        let skip = max(0, Self.int(body["skip"]) ?? 0)
        let showContent = Self.flag(body["show_content"])
        let attachments = Self.flag(body["include_attachments"])
        let extra = emulator.extra.withLock { $0 }
        return store.withState { state in
            var items = selection(state, feed: feed, isCategory: isCategory, nested: Self.flag(body["include_nested"])).filter { $0.id > sinceID }
            switch view {
            case "unread": items = items.filter { !$0.read }
            case "marked": items = items.filter(\.starred)
            case "published": items = items.filter { extra.published.contains($0.id) }
            case "has_note": items = items.filter { extra.notes[$0.id] != nil }
            case "adaptive": if items.contains(where: { !$0.read }) { items = items.filter { !$0.read } }
            default: break
            }
            switch body["order_by"] as? String {
            case "feed_dates": items.sort { ($0.published, $0.id) > ($1.published, $1.id) }
            case "date_reverse": items.sort { ($0.published, $0.id) < ($1.published, $1.id) }
            case "title": items.sort { $0.title < $1.title }
            case nil where feed == -6 && !isCategory:
                break  // Recently read lists by when each was read (085).
            default:
                items.sort { a, b in
                    let left = (extra.scores[a.id] ?? 0, extra.entered[a.id] ?? 0, a.published)
                    let right = (extra.scores[b.id] ?? 0, extra.entered[b.id] ?? 0, b.published)
                    return left > right
                }
            }
            let page = limit < 0 ? Array(items.dropFirst(skip)) : Array(items.dropFirst(skip).prefix(limit))
            let list = JSONValue.array(page.map { headline($0, state: state, extra: extra, content: showContent, attachments: attachments) })
            if Self.flag(body["include_header"]) {
                let header: JSONValue = .object([("id", .number(feed)), ("first_id", .number(page.first?.id ?? 0)), ("is_cat", .bool(isCategory))])
                return ok(.array([header, list]))
            }
            return ok(list)
        }
    }

    private func labelsJSON(_ item: EmulatedItem, _ extra: TTRSSEmulator.Extra) -> JSONValue {
        .array(extra.labels.filter { item.labels.contains($0.caption) }.map {
            .array([.number(-1025 - $0.id), .string($0.caption), .string(""), .string("")])
        })
    }

    private func guid(_ item: EmulatedItem) -> String {
        "{\"ver\":2,\"uid\":2,\"hash\":\"SHA1:\(String(repeating: "0", count: 24))\(String(format: "%016llx", item.id))\"}"
    }

    private func headline(_ item: EmulatedItem, state: FeedStore.State, extra: TTRSSEmulator.Extra, content: Bool, attachments: Bool) -> JSONValue {
        let feed = state.feeds.first { $0.id == item.feedID }
        var members: [(String, JSONValue)] = [
            ("id", .int(item.id)), ("guid", .string(guid(item))), ("unread", .bool(!item.read)), ("marked", .bool(item.starred)),
            ("published", .bool(extra.published.contains(item.id))), ("updated", .int(item.published)), ("is_updated", .bool(false)),
            ("title", .string(item.title)), ("link", .string(item.url)), ("feed_id", .number(item.feedID)), ("tags", .array([.string("")])),
        ]
        if attachments { members.append(("attachments", .array(attachmentsJSON(item)))) }
        if content { members.append(("content", .string(item.content))) }
        members += [("labels", labelsJSON(item, extra)), ("feed_title", .string(feed?.title ?? "")), ("comments_count", .int(0)),
                    ("comments_link", .string("")), ("always_display_attachments", .bool(false)), ("author", .string(item.author ?? "")),
                    ("score", .number(extra.scores[item.id] ?? 0)), ("note", extra.notes[item.id].map(JSONValue.string) ?? .null),
                    ("lang", .string("en")), ("site_url", .string(feed?.siteURL ?? ""))]
        if content {
            // The first image of the content, and then its kind (1: an image), as 043 and 044 have them.
            let image = item.content.range(of: "<img[^>]*src=\"([^\"]+)\"", options: .regularExpression).map { match in
                String(item.content[match]).components(separatedBy: "src=\"")[1].components(separatedBy: "\"")[0]
            }
            members += [("flavor_image", .string(image ?? "")), ("flavor_stream", .string(""))]
            if image != nil { members.append(("flavor_kind", .int(1))) }
        }
        return .object(members)
    }

    private func attachmentsJSON(_ item: EmulatedItem) -> [JSONValue] {
        item.enclosures.enumerated().map { index, enclosure in
            .object([("id", .number(index + 1)), ("content_url", .string(enclosure.url)), ("content_type", .string(enclosure.type)),
                     ("title", .string("")), ("duration", .string(String(enclosure.length))), ("width", .int(0)), ("height", .int(0)),
                     ("post_id", .int(item.id))])
        }
    }

    /// The ids of `article_ids`/`article_id`: "1,2,3" or a JSON array; nil when one is not a number (075).
    static func ids(_ value: Any?) -> [Int64]? {
        if let list = value as? [Any] { return list.map { int($0).map(Int64.init) }.contains(nil) ? nil : list.compactMap { int($0).map(Int64.init) } }
        if let number = value as? NSNumber { return [number.int64Value] }
        guard let text = value as? String, !text.isEmpty else { return nil }
        let parts = text.split(separator: ",").map { Int64($0.trimmingCharacters(in: .whitespaces)) }
        return parts.contains(nil) ? nil : parts.compactMap { $0 }
    }

    private func article() -> ServerResponse {
        guard let ids = Self.ids(body["article_id"]) else { return fail("INCORRECT_USAGE") }
        let extra = emulator.extra.withLock { $0 }
        return store.withState { state in
            ok(.array(state.items.filter { ids.contains($0.id) }.map { item in
                let feed = state.feeds.first { $0.id == item.feedID }
                return .object([("id", .int(item.id)), ("guid", .string(guid(item))), ("title", .string(item.title)), ("link", .string(item.url)),
                                ("labels", labelsJSON(item, extra)), ("unread", .bool(!item.read)), ("marked", .bool(item.starred)),
                                ("published", .bool(extra.published.contains(item.id))), ("comments", .string("")),
                                ("author", .string(item.author ?? "")), ("updated", .int(item.published)), ("feed_id", .number(item.feedID)),
                                ("attachments", .array(attachmentsJSON(item))), ("score", .number(extra.scores[item.id] ?? 0)),
                                ("feed_title", .string(feed?.title ?? "")), ("note", extra.notes[item.id].map(JSONValue.string) ?? .null),
                                ("lang", .string("en")), ("content", .string(item.content))])
            }))
        }
    }

    private func updateArticle() -> ServerResponse {
        guard let ids = Self.ids(body["article_ids"]) else { return fail("INCORRECT_USAGE") }
        let field = Self.int(body["field"]) ?? 0
        let mode = Self.int(body["mode"]) ?? 0
        guard (0...2).contains(mode), (0...4).contains(field) else { return fail("INCORRECT_USAGE") }
        let data = body["data"].map { "\($0)" }
        if field == 4, Int(data ?? "") == nil || Int(data ?? "") == 0 { return fail("INCORRECT_USAGE") }
        let known = Set(store.items.map(\.id))
        let hits = ids.filter { known.contains($0) }
        for id in hits {
            switch field {
            case 0, 2:
                store.withState { state in
                    guard let index = state.items.firstIndex(where: { $0.id == id }) else { return }
                    if field == 0 {
                        state.items[index].starred = mode == 2 ? !state.items[index].starred : mode == 1
                    } else {
                        let unread = mode == 2 ? state.items[index].read : mode == 1
                        state.items[index].read = !unread
                    }
                }
                if field == 2 {
                    emulator.extra.withLock { state in
                        state.readSequence += 1
                        state.lastRead[id] = state.readSequence
                    }
                }
            case 1:
                emulator.extra.withLock { state in
                    let on = mode == 2 ? !state.published.contains(id) : mode == 1
                    if on { state.published.insert(id) } else { state.published.remove(id) }
                }
            case 3:
                // clean(): markup is stripped (071).
                let note = (data ?? "").replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
                emulator.extra.withLock { $0.notes[id] = note }
            default:
                emulator.extra.withLock { $0.scores[id] = Int(data ?? "") }
            }
        }
        return ok(.object([("status", .string("OK")), ("updated", .number(hits.count))]))
    }

    /// `mode` all, or 1day/1week/2week measured from when the article was stored: the emulator's
    /// articles were all stored "now", so those modes mark nothing (092, 093).
    private func catchup() -> ServerResponse {
        let feed = Self.int(body["feed_id"]) ?? 0
        let isCategory = Self.flag(body["is_cat"])
        let mode = body["mode"] as? String ?? "all"
        guard mode == "all" else { return statusOK }
        store.withState { state in
            let ids = Set(selection(state, feed: feed, isCategory: isCategory, nested: true).map(\.id))
            for index in state.items.indices where ids.contains(state.items[index].id) { state.items[index].read = true }
        }
        return statusOK
    }

    private func unread() -> ServerResponse {
        let count: Int = store.withState { state in
            guard let feed = Self.int(body["feed_id"]) else { return state.items.filter { !$0.read }.count }
            return selection(state, feed: feed, isCategory: Self.flag(body["is_cat"])).filter { !$0.read }.count
        }
        return ok(.object([("unread", .number(count))]))
    }

    // MARK: Subscriptions

    private func status(_ members: [(String, JSONValue)]) -> ServerResponse { ok(.object([("status", .object(members))])) }

    private func subscribe() -> ServerResponse {
        guard let url = body["feed_url"] as? String else { return fail("INCORRECT_USAGE") }
        let category = Self.int(body["category_id"]) ?? 0
        return store.withState { state in
            // A category that does not exist crashes PHP (104), and the failed insert uses up a feed id.
            guard category == 0 || state.folders.contains(where: { $0.id == category + 1 }) else {
                state.nextFeedID += 1
                return TTRSSEmulator.crash
            }
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                return status([("code", .int(2))])
            }
            if let existing = state.feeds.first(where: { $0.feedURL == url }) { return status([("code", .int(0)), ("feed_id", .number(existing.id))]) }
            if let remote = state.catalog.first(where: { $0.feedURL == url }) {
                let id = FeedStore.insertFeed(title: remote.title, feedURL: remote.feedURL, siteURL: remote.siteURL, folderID: category + 1,
                                              lastUpdated: 0, in: &state)
                emulator.extra.withLock { _ = $0.unfetched.insert(id) }
                return status([("code", .int(1)), ("feed_id", .number(id))])
            }
            guard let page = emulator.extra.withLock({ $0.pages[url] }) else {
                return status([("code", .int(5)), ("message", .string("Client error: `GET \(url)` resulted in a `404 File not found` response"))])
            }
            guard let links = page else {
                return status([("code", .int(6)), ("message", .string("LibXML error 4 at line 1 (column 1): Start tag expected, '<' not found"))])
            }
            switch links.count {
            case 0: return status([("code", .int(3)), ("message", .string(""))])
            case 1:
                // This version parses the page itself after finding its one link (103).
                return status([("code", .int(6)), ("message", .string("LibXML error 76 at line 7 (column 8): Opening and ending tag mismatch: link line 6 and head"))])
            default:
                return status([("code", .int(4)), ("feeds", .object(links.map { ($0.url, .string($0.title)) }))])
            }
        }
    }

    private func unsubscribe() -> ServerResponse {
        let id = Self.int(body["feed_id"]) ?? 0
        let removed: Bool = store.withState { state in
            guard state.feeds.contains(where: { $0.id == id }) else { return false }
            state.feeds.removeAll { $0.id == id }
            state.items.removeAll { $0.feedID == id }
            return true
        }
        return removed ? statusOK : fail("E_OPERATION_FAILED")
    }

    /// Fetches the feed now (synchronously): its catalog articles it has not stored yet are
    /// stored, with the next ids, in a later "minute" (114, 115). An unknown feed is OK too (116).
    private func updateFeed() -> ServerResponse {
        let id = Self.int(body["feed_id"]) ?? 0
        emulator.nextFetchMinute()
        let batch = emulator.extra.withLock { state in
            state.unfetched.remove(id)
            return state.batch
        }
        let stored: [Int64] = store.withState { state in
            guard let index = state.feeds.firstIndex(where: { $0.id == id }),
                  let remote = state.catalog.first(where: { $0.feedURL == state.feeds[index].feedURL }) else { return [] }
            state.feeds[index].lastUpdated = Int64(Date().timeIntervalSince1970)
            var added: [Int64] = []
            for entry in remote.entries where !state.items.contains(where: { $0.feedID == id && $0.url == entry.url }) {
                let itemID = (state.items.map(\.id).max() ?? 0) + 1
                state.lastItemID = max(state.lastItemID, itemID)
                state.insert(EmulatedItem(id: itemID, feedID: id, title: entry.title, url: entry.url, author: entry.author, content: entry.content,
                                          published: entry.published, read: false, starred: false, labels: [], enclosures: entry.enclosures))
                added.append(itemID)
            }
            return added
        }
        emulator.extra.withLock { state in for item in stored { state.entered[item] = batch } }
        return statusOK
    }

    // MARK: Labels

    private func getLabels() -> ServerResponse {
        let article = Self.int(body["article_id"]).map(Int64.init)
        let captions = article.flatMap { id in store.items.first { $0.id == id }?.labels } ?? []
        return ok(.array(emulator.extra.withLock { $0.labels }.map { label in
            .object([("id", .number(-1025 - label.id)), ("caption", .string(label.caption)), ("fg_color", .string("")),
                     ("bg_color", .string("")), ("checked", .bool(captions.contains(label.caption)))])
        }))
    }

    /// `updated` counts the ids sent, not the rows changed; an unknown label gives 0 (123, 128).
    private func setLabel() -> ServerResponse {
        guard let ids = Self.ids(body["article_ids"]) else { return fail("INCORRECT_USAGE") }
        let labelID = Self.int(body["label_id"]) ?? 0
        let assign = Self.flag(body["assign"])
        guard let caption = emulator.extra.withLock({ $0.labels.first { -1025 - $0.id == labelID }?.caption }) else {
            return ok(.object([("status", .string("OK")), ("updated", .int(0))]))
        }
        store.withState { state in
            for index in state.items.indices where ids.contains(state.items[index].id) {
                state.items[index].labels.removeAll { $0 == caption }
                if assign { state.items[index].labels.append(caption) }
            }
        }
        return ok(.object([("status", .string("OK")), ("updated", .number(ids.count))]))
    }
}
