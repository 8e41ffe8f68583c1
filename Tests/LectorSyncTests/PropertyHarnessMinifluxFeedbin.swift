/// Miniflux (REST v1) plugged into the sync property test.
final class MinifluxPropertyHarness: FreshRSSPropertyHarness {
    init(articles: Int) throws {
        try super.init(.miniflux, label: "Miniflux", articles: articles)
    }
}

/// Feedbin (v2, entries without state) plugged into the sync property test.
final class FeedbinPropertyHarness: FreshRSSPropertyHarness {
    init(articles: Int) throws {
        try super.init(.feedbin, label: "Feedbin", articles: articles)
    }
}
