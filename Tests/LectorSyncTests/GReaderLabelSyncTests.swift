import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// FreshRSS labels through a sync against the emulator: pushed as intents, pulled per label,
/// kept by the protected set.
@Suite("GReader label sync")
struct GReaderLabelSyncTests {
    let ids = (1...6).map { FreshRSSBench.itemID(Int64($0)) }

    private func labels(_ bench: FreshRSSBench, _ item: Int64) throws -> [String] {
        try bench.store.labels.labels(ofArticle: try bench.articleID(item))
    }

    private func pendingLabels(_ bench: FreshRSSBench) throws -> Int {
        try bench.store.labels.protectedServerIDs(accountID: bench.account.id).values.reduce(0) { $0 + $1.count }
    }

    @Test("a label put on here is queued, sent with edit-tag a=user/-/label/NAME before the pull, and kept")
    func labelPushed() throws {
        let bench = try FreshRSSBench(.greader)
        try bench.sync()
        try bench.store.labels.set("Later", on: true, articleIDs: [try bench.articleID(ids[0]), try bench.articleID(ids[1])])
        #expect(try pendingLabels(bench) == 2, "a label on a FreshRSS article must be queued for the server")
        bench.server.clearLog()
        let report = try bench.sync()
        let edits = bench.server.requests.filter { $0.path.hasSuffix("/edit-tag") }
        #expect(edits.count == 1 && edits.first?.formItems.contains { $0.name == "a" && $0.value == "user/-/label/Later" } == true,
                "one edit-tag with a=user/-/label/Later must carry both articles, sent \(edits.map(\.formItems))")
        #expect(report.pushed == 2, "the two label changes count as pushed")
        #expect(bench.remote(ids[0])?.labels == ["Later"] && bench.remote(ids[1])?.labels == ["Later"], "the label did not reach the server")
        #expect(try pendingLabels(bench) == 0, "acknowledged label changes stay queued")
        #expect(try labels(bench, ids[0]) == ["Later"], "the pull undid the label")

        try bench.store.labels.set("Later", on: false, articleIDs: [try bench.articleID(ids[0])])
        try bench.sync()
        #expect(bench.remote(ids[0])?.labels == [], "taking the label off did not reach the server (r=)")
        #expect(try labels(bench, ids[0]).isEmpty && labels(bench, ids[1]) == ["Later"], "the labels after the removal are wrong")
    }

    @Test("labels another client puts on or takes off arrive with the next sync, with the server's label list")
    func labelsPulled() throws {
        let bench = try FreshRSSBench(.greader)
        bench.feeds.changeItemAsAnotherClient(ids[2], labels: ["Keep"])
        bench.feeds.changeItemAsAnotherClient(ids[3], labels: ["Keep", "Later"])
        try bench.sync()
        #expect(try labels(bench, ids[2]) == ["Keep"] && labels(bench, ids[3]) == ["Keep", "Later"], "the server's labels did not arrive")
        let counts = try bench.store.labels.all(accountID: bench.account.id).map { "\($0.name)=\($0.articles)" }
        #expect(counts == ["Keep=2", "Later=1"], "label list: \(counts)")

        bench.feeds.changeItemAsAnotherClient(ids[3], labels: ["Keep"])
        try bench.sync()
        #expect(try labels(bench, ids[3]) == ["Keep"], "a label another client took off stayed")
        #expect(try bench.store.labels.all(accountID: bench.account.id).map(\.name) == ["Keep"], "a label the server no longer has stayed")
    }

    @Test("a label queued here survives a pull that does not show it yet: the protected set holds it for the run")
    func protectedLabel() throws {
        let bench = try FreshRSSBench(.greader)
        try bench.sync()
        // The server answers reads from before the push (a cache or a replica), as in the read and star tests.
        bench.freezeReads()
        try bench.store.labels.set("Later", on: true, articleIDs: [try bench.articleID(ids[4])])
        try bench.sync()
        #expect(bench.remote(ids[4])?.labels == ["Later"], "the label did not reach the server")
        #expect(try labels(bench, ids[4]) == ["Later"], "a stale pull undid the label queued before the run")
        bench.thawReads()
        try bench.sync()
        #expect(try labels(bench, ids[4]) == ["Later"], "the label went once the server showed it")
    }

    /// The case the test above cannot see: there the server does not list the label yet, so no id
    /// list of it is applied at all. Here it does, and its id list is stale: only the protected set
    /// (the change was sent and acknowledged in this run's push, so no queued row shields it) keeps it.
    @Test("a label the server already lists, put on here: that label's stale id list does not take it off")
    func protectedExistingLabel() throws {
        let bench = try FreshRSSBench(.greader)
        bench.feeds.changeItemAsAnotherClient(ids[3], labels: ["Later"])
        try bench.sync()
        #expect(try labels(bench, ids[3]) == ["Later"], "the server's label did not arrive")
        bench.freezeReads()
        try bench.store.labels.set("Later", on: true, articleIDs: [try bench.articleID(ids[4])])
        try bench.sync()
        #expect(bench.remote(ids[4])?.labels == ["Later"], "the label did not reach the server")
        #expect(try pendingLabels(bench) == 0, "the change was acknowledged: only the protected set can keep it now")
        #expect(try labels(bench, ids[4]) == ["Later"], "the stale id list of an existing label undid the label queued before the run")
        #expect(try labels(bench, ids[3]) == ["Later"], "the other article lost the label")
        bench.thawReads()
        try bench.sync()
        #expect(try labels(bench, ids[4]) == ["Later"] && labels(bench, ids[3]) == ["Later"], "the labels once the server shows them")
    }

    @Test("a label change made while the pull runs is not undone by it (queued now, checked in the transaction)")
    func labelQueuedDuringPull() throws {
        let bench = try FreshRSSBench(.greader)
        bench.feeds.changeItemAsAnotherClient(ids[5], labels: ["Later"])
        try bench.sync()
        let article = try bench.articleID(ids[5])
        let store = bench.store
        var unlabelled = false
        // The server still lists the article under the label when the pull asks for it.
        try bench.sync { progress in
            guard progress == .state, !unlabelled else { return }
            unlabelled = true
            // Why try?: a progress callback cannot throw; the expectations below say whether it worked.
            _ = try? store.labels.set("Later", on: false, articleIDs: [article])
        }
        #expect(unlabelled, "the sync never reached its state phase")
        #expect(try labels(bench, ids[5]).isEmpty, "the pull put back a label taken off during it")
        #expect(try pendingLabels(bench) == 1, "the change made during the pull must wait for the next push")
        try bench.sync()
        #expect(bench.remote(ids[5])?.labels == [], "the next sync did not send the removal")
    }

    @Test("Miniflux, Fever and Feedbin keep labels here only: nothing is queued for their servers")
    func otherKindsQueueNothing() throws {
        for api in [FreshRSSBench.API.miniflux, .fever, .feedbin] {
            let bench = try FreshRSSBench(api)
            try bench.sync()
            let article = try #require(try bench.localArticles().values.first, "\(api): nothing arrived")
            try bench.store.labels.set("Later", on: true, articleIDs: [article.id])
            #expect(try pendingLabels(bench) == 0, "\(api): a label was queued for a server that keeps none")
            try bench.sync()
            #expect(try bench.store.labels.labels(ofArticle: article.id) == ["Later"], "\(api): the sync undid a local label")
        }
    }
}
