/// Fever plugged into the sync property test: FreshRSS's `fever.php`, or — on odd seeds — with
/// `saved`/`unsaved` toggling as on Miniflux, so the read-before-toggle guard is exercised.
final class FeverPropertyHarness: FreshRSSPropertyHarness {
    init(articles: Int, savedToggles: Bool) throws {
        try super.init(.fever, label: savedToggles ? "Fever (Miniflux-style toggling saved)" : "Fever (FreshRSS)", articles: articles)
        bench.fever?.setSavedIsToggle(savedToggles)
    }
}
