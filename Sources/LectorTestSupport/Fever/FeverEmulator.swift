import Foundation
import Synchronization

/// An in-memory FreshRSS Fever API at `/api/fever.php`, answering like FreshRSS 1.24: the key
/// only from the POST body, HTTP 200 with `auth:0` for a wrong key, ids as JSON strings.
public final class FeverEmulator: Sendable {
    /// The path FreshRSS serves Fever under.
    public static let path = "/api/fever.php"
    /// The feeds, folders and items served (may be shared with a `GReaderEmulator`).
    public let store: FeedStore
    private struct Settings {
        var accounts: [EmulatedAccount]
        var enabled = true
        var savedToggles = false
        var minifluxMarks = false
        var categoryOnlyFeeds: Set<Int> = []
    }

    private let settings: Mutex<Settings>
    private let stale = StaleReads()

    /// Creates an emulator for `accounts` over `store`.
    public init(store: FeedStore = FeedStore(), accounts: [EmulatedAccount]) {
        self.store = store
        settings = Mutex(Settings(accounts: accounts))
    }

    /// Switches the API on or off (off: 503).
    public func setAPIEnabled(_ on: Bool) { settings.withLock { $0.enabled = on } }

    /// Marks feeds as FreshRSS "show in category only": their items stay in `items` but are left
    /// out of `unread_item_ids` and `saved_item_ids`, as FreshRSS builds those from the main stream.
    public func setCategoryOnly(feeds: Set<Int>) { settings.withLock { $0.categoryOnlyFeeds = feeds } }

    /// Makes `as=saved` / `as=unsaved` flip the flag whatever was asked, as Miniflux's Fever does.
    public func setSavedIsToggle(_ on: Bool) { settings.withLock { $0.savedToggles = on } }

    /// Marks feeds and groups as Miniflux's Fever does (recordings miniflux-fever 35–45): `before`
    /// against publication time, a missing `before` as 1970, group 0 whatever `before` says, and
    /// no `unread_item_ids` in the reply.
    public func setMarksAsMiniflux(_ on: Bool) { settings.withLock { $0.minifluxMarks = on } }

    /// From now on answers reads from a copy of the data as it is now, while marks still change
    /// the live data: the stale snapshot a server behind a cache or replica serves.
    public func freezeReads() { stale.freeze(store) }

    /// Answers reads from the live data again.
    public func thawReads() { stale.thaw() }

    /// A handler to pass to `LoopbackServer`.
    public var handler: @Sendable (ServerRequest) -> ServerResponse { { [self] in respond(to: $0) } }

    /// Answers one request.
    public func respond(to request: ServerRequest) -> ServerResponse {
        // PHP serves `fever.php/` (empty PATH_INFO) like `fever.php`; account URLs keep the slash.
        guard request.path == Self.path || request.path == Self.path + "/" else { return .notFound }
        let query = request.queryItems
        let form = request.formItems
        func has(_ name: String) -> Bool { query.contains { $0.name == name } }
        func value(_ name: String) -> String? { (form + query).first { $0.name == name }?.value }
        if has("refresh") { return FreshRSSReply.error(501, cors: false) }
        guard settings.withLock({ $0.enabled }) else { return FreshRSSReply.error(503, cors: false) }
        var members: [(String, JSONValue)] = [("api_version", .int(3))]
        let key = form.first { $0.name == "api_key" }?.value.lowercased()
        guard let key, settings.withLock({ $0.accounts.contains { $0.feverAPIKey == key } }) else {
            members.append(("auth", .int(0)))
            return FreshRSSReply.json(.object(members), newline: false, style: .phpDefault, cors: false)
        }
        members.append(("auth", .int(1)))
        let (toggles, hidden, miniflux) = settings.withLock { ($0.savedToggles, $0.categoryOnlyFeeds, $0.minifluxMarks) }
        let marked = store.withState { state in
            FeverMark.apply(mark: value("mark"), as: value("as"), id: value("id"), before: value("before"),
                            savedToggles: toggles, asMiniflux: miniflux, to: &state)
        }
        stale.store(or: store).withState { state in
            members.append(("last_refreshed_on_time", .int(state.feeds.map(\.lastUpdated).min() ?? 0)))
            if has("groups") {
                members.append(("groups", FeverJSON.groups(state)))
                members.append(("feeds_groups", FeverJSON.feedsGroups(state)))
            }
            if has("feeds") {
                members.append(("feeds", FeverJSON.feeds(state)))
                if !has("groups") { members.append(("feeds_groups", FeverJSON.feedsGroups(state))) }
            }
            if has("favicons") { members.append(("favicons", FeverJSON.favicons(state))) }
            if has("items") {
                members.append(("total_items", .number(state.items.count)))
                members.append(("items", FeverJSON.items(state, query: query)))
            }
            if has("links") { members.append(("links", .array([]))) }
            if has("unread_item_ids") || (marked == .unread && !miniflux) {
                members.append(("unread_item_ids", FeverJSON.ids(state) { !$0.read && !hidden.contains($0.feedID) }))
            }
            if has("saved_item_ids") || (marked == .saved && !miniflux) {
                members.append(("saved_item_ids", FeverJSON.ids(state) { $0.starred && !hidden.contains($0.feedID) }))
            }
        }
        return FreshRSSReply.json(.object(members), newline: false, style: .phpDefault, cors: false)
    }
}
