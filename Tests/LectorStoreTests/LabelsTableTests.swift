import Foundation
import LectorBasics
import Testing
@testable import LectorStore

@Suite("Labels")
struct LabelsTableTests {
    /// A FreshRSS account with one feed and `articles` articles.
    private func freshRSS(_ temporary: TemporaryStore, articles: Int = 3) throws -> (Account, [Int64]) {
        let store = temporary.store
        let account = try store.accounts.insert(kind: .freshrss, name: "Fresh", url: "https://fresh.example/api/greader.php/", username: "u")
        let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "feed/1", title: "F", url: "https://f.example/x.xml",
                                          siteURL: nil)
        let ids = try (0..<articles).map { try store.articles.upsert(accountID: account.id, feedID: feed.id, TemporaryStore.article($0), read: .unread).id }
        return (account, ids)
    }

    private func pending(_ store: Store, _ account: Account) throws -> [PendingLabel] {
        try store.database.query("""
            SELECT p.id, a.server_id, l.name, p.desired, p.generation FROM pending_labels p JOIN articles a ON a.id = p.article_id
            JOIN labels l ON l.id = p.label_id WHERE p.account_id = ? ORDER BY p.id
            """, account.id) { PendingLabel(id: $0.int64(0), articleServerID: $0.string(1), label: $0.string(2), on: $0.bool(3), generation: $0.int64(4)) }
    }

    @Test("a label on a FreshRSS article is written at once with one pending change; a newer wish replaces it with a new generation")
    func labelIsAnIntent() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let (account, ids) = try freshRSS(temporary)
        #expect(try store.labels.set("Later", on: true, articleIDs: [ids[0], ids[1]]) == 2)
        #expect(try store.labels.set("Later", on: true, articleIDs: [ids[0]]) == 0, "labelling again changes nothing")
        #expect(try store.labels.labels(ofArticle: ids[0]) == ["Later"])
        #expect(try pending(store, account).map { "\($0.articleServerID) \($0.on)" } == ["item-0 true", "item-1 true"])
        let sent = try store.labels.selectForSending(accountID: account.id)
        try store.labels.set("Later", on: false, articleIDs: [ids[0]])
        try store.labels.acknowledge(sent)
        let left = try pending(store, account)
        #expect(left.map { "\($0.articleServerID) \($0.on)" } == ["item-0 false"],
                "the acknowledgement of the older wish removed the newer one, or kept the acknowledged one: \(left)")
        #expect(try store.labels.labels(ofArticle: ids[0]).isEmpty)
    }

    @Test("a local account's labels are the store's alone: nothing is queued")
    func localQueuesNothing() throws {
        let temporary = try TemporaryStore()
        let (_, _, _, ids) = try temporary.seedAccount()
        #expect(try temporary.store.labels.set("Keep", on: true, articleIDs: ids) == 2)
        #expect(try temporary.count("pending_labels") == 0, "a local account has no server to tell")
        #expect(try temporary.store.labels.all().map { "\($0.name) \($0.articles) \($0.unread)" } == ["Keep 2 2"])
    }

    @Test("the server's set: members get the label, others lose it, except protected articles and those with a change pending")
    func stagedSet() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let (account, ids) = try freshRSS(temporary)
        try store.labels.set("Later", on: true, articleIDs: [ids[0], ids[1]])
        try store.labels.acknowledge(try store.labels.selectForSending(accountID: account.id))
        try store.labels.set("Later", on: true, articleIDs: [ids[2]])
        // The server lists only item-0: item-1 loses the label, item-2's pending add is kept.
        try store.sync.startIDSet()
        try store.sync.addToIDSet(["item-0"])
        try store.labels.applyStagedSet(accountID: account.id, label: "Later", protected: [])
        #expect(try ids.map { try store.labels.labels(ofArticle: $0) } == [["Later"], [], ["Later"]])
        // Protected: item-0 keeps the label when the server no longer lists it.
        try store.sync.startIDSet()
        try store.labels.applyStagedSet(accountID: account.id, label: "Later", protected: ["item-0"])
        #expect(try store.labels.labels(ofArticle: ids[0]) == ["Later"], "a protected article lost its label")
        try store.labels.applyServerLabels(accountID: account.id, names: [], keeping: [])
        #expect(try store.labels.all(accountID: account.id).map(\.name) == ["Later"], "a label with a change pending went")
    }

    @Test("rename and remove: the articles and pending changes follow; a taken name is refused")
    func renameAndRemove() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let (account, ids) = try freshRSS(temporary)
        try store.labels.set("Later", on: true, articleIDs: [ids[0]])
        try store.labels.set("Keep", on: true, articleIDs: [ids[1]])
        #expect(throws: StoreError.self) { try store.labels.rename(accountID: account.id, from: "Later", to: "Keep") }
        try store.labels.rename(accountID: account.id, from: "Later", to: "Soon")
        #expect(try store.labels.labels(ofArticle: ids[0]) == ["Soon"])
        #expect(try pending(store, account).map(\.label).sorted() == ["Keep", "Soon"])
        try store.labels.remove(accountID: account.id, name: "Soon")
        #expect(try store.labels.labels(ofArticle: ids[0]).isEmpty && pending(store, account).map(\.label) == ["Keep"])
        #expect(throws: StoreError.self) { try store.labels.remove(accountID: account.id, name: "Soon") }
    }

    @Test("the filter field label: = names one of an article's labels (any case), != none of them, contains and matches their names")
    func filterField() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let (account, ids) = try freshRSS(temporary)
        try store.labels.set("Read later", on: true, articleIDs: [ids[0]])
        try store.labels.set("Keep", on: true, articleIDs: [ids[0], ids[1]])
        func matching(_ text: String) throws -> [Int64] {
            try store.articles.list(ArticleQuery(accountID: account.id, filter: try FilterParser.parse(text), newestFirst: false)).map(\.id)
        }
        #expect(try matching("label = keep") == [ids[0], ids[1]])
        #expect(try matching("label = 'Read later'") == [ids[0]])
        #expect(try matching("label != keep") == [ids[2]])
        #expect(try matching("label contains later") == [ids[0]])
        #expect(try matching("label matches '^Ke'") == [ids[0], ids[1]])
        #expect(try matching("not label = keep and unread") == [ids[2]])
    }

    @Test("a rule with the action label:NAME labels what it matches once, as a queued intent")
    func ruleLabels() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let (account, ids) = try freshRSS(temporary)
        #expect(RuleAction(rawValue: "label:Later") == .label("Later") && RuleAction.label("Later").rawValue == "label:Later")
        #expect(RuleAction(rawValue: "label:") == nil, "a label action needs a name")
        let rule = try store.rules.add(name: "later", expression: "title contains 'article 1'", action: .label("Later"), scope: RuleScope())
        #expect(try store.rules.named("later")?.action == .label("Later"), "the action did not survive the store")
        let outcome = try store.ruleEngine.run(rule, dryRun: false, now: 1_800_000_000)
        #expect(outcome.matched == [ids[1]] && outcome.changed == 1)
        #expect(try store.labels.labels(ofArticle: ids[1]) == ["Later"])
        #expect(try pending(store, account).map(\.articleServerID) == ["item-1"], "the rule's label must be queued for the server")
        try store.labels.set("Later", on: false, articleIDs: [ids[1]])
        #expect(try store.ruleEngine.run(rule, dryRun: false, now: 1_800_000_000).changed == 0, "the rule undid a hand-made change")
    }

    @Test("a saved search kept as a label: what it matches carries the label, what no longer matches loses it")
    func savedSearchLabel() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let (account, ids) = try freshRSS(temporary)
        try store.savedSearches.save(SavedSearch(name: "Unread two", expression: "title contains 'article 2' and unread", label: true))
        try store.savedSearches.save(SavedSearch(name: "plain", expression: "unread"))
        #expect(try store.savedSearches.named("unread two")?.label == true)
        #expect(try store.ruleEngine.keepSavedSearchLabels(accountID: account.id, now: 1_800_000_000) == 1)
        #expect(try store.labels.all(accountID: account.id).map(\.name) == ["Unread two"], "only the search saved with --label is a label")
        #expect(try store.labels.labels(ofArticle: ids[2]) == ["Unread two"])
        try store.states.setRead([ids[2]], to: .read)
        #expect(try store.ruleEngine.keepSavedSearchLabels(accountID: account.id, now: 1_800_000_000) == 1)
        #expect(try store.labels.labels(ofArticle: ids[2]).isEmpty, "an article the search no longer matches kept its label")
        #expect(try pending(store, account).map { "\($0.label) \($0.on)" } == ["Unread two false"])
    }
}
