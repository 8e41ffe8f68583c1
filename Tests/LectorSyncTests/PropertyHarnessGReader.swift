/// GReader (FreshRSS `greader.php`) plugged into the sync property test.
final class GReaderPropertyHarness: FreshRSSPropertyHarness {
    init(articles: Int) throws {
        try super.init(.greader, label: "GReader (FreshRSS)", articles: articles)
    }
}
