import Foundation
import Testing
@testable import LectorStore

/// The undo journal on a real store: every route that changes read, starred or labels on a
/// person's or a rule's behalf is one step recorded in its own transaction, and undo puts back
/// only what is still as the step left it.
@Suite("Undo journal")
struct UndoJournalTests {
    /// A FreshRSS account with one feed of `count` unread articles (server ids "s0", "s1", …).
    private func server(articles count: Int = 3) throws -> (TemporaryStore, Account, Feed, [Int64]) {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let account = try store.accounts.insert(kind: .freshrss, name: "Server", url: "https://rss.example/api/greader.php/", username: "me")
        let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "feed/1", title: "Harbour",
                                          url: "https://harbour.example/feed.xml", siteURL: nil)
        try store.sync.applyEntries(accountID: account.id, (0..<count).map {
            (feed.id, IncomingArticle(serverID: "s\($0)", url: nil, title: "s\($0)", text: "s\($0)"), false, false)
        }, protected: [])
        let ids = try store.articles.list(ArticleQuery(limit: Int.max)).map(\.id).sorted()
        return (temporary, account, feed, ids)
    }

    private func reads(_ store: Store, _ ids: [Int64]) throws -> [ReadState] {
        try ids.map { try #require(try store.articles.article($0)).read }
    }

    private func intents(_ store: Store, _ account: Account) throws -> [Int64: String] {
        Dictionary(uniqueKeysWithValues: try store.intents.all(accountID: account.id).compactMap { intent in
            intent.articleID.map { ($0, "\(intent.action.rawValue)=\(intent.desired)") }
        })
    }

    @Test("a mark is one step; undo puts it back locally, is not a step itself, and the next undo takes the step before")
    func markAndUndo() throws {
        let temporary = try TemporaryStore()
        let (_, _, _, ids) = try temporary.seedAccount(articles: 3)
        let store = temporary.store
        try store.states.setRead([ids[0], ids[1]], to: .read)
        try store.states.setStarred([ids[2]], to: true)
        let steps = try store.undoJournal.steps()
        #expect(steps.map(\.summary) == ["starred", "marked read"] && steps.map(\.articles) == [1, 2], "\(steps)")

        let first = try #require(try store.undoJournal.undo())
        #expect(first.step.summary == "starred" && first.reverted == 1 && first.kept == 0 && first.queuedAccountIDs.isEmpty)
        #expect(try store.articles.article(ids[2])?.starred == false)
        let second = try #require(try store.undoJournal.undo())
        #expect(second.step.summary == "marked read" && second.reverted == 2)
        #expect(try reads(store, ids) == [.unread, .unread, .unread])
        #expect(try store.undoJournal.undo() == nil, "every step is undone")
        #expect(try store.undoJournal.steps().allSatisfy { $0.undoneAt != nil } && (try store.undoJournal.steps().count) == 2,
                "the undo made a step of its own")
        #expect(throws: StoreError.self) { try store.undoJournal.undo(stepID: steps[0].id) }
    }

    @Test("a mark that changes nothing is no step; a sync's pull is never journaled")
    func nothingChangedNoStep() throws {
        let (temporary, account, _, ids) = try server()
        let store = temporary.store
        try store.states.setRead(ids, to: .unread)
        try store.sync.applyIDSet(accountID: account.id, field: .unread, members: [], complete: true, protected: [])
        #expect(try reads(store, ids) == [.read, .read, .read], "the pull did not apply")
        #expect(try store.undoJournal.steps().isEmpty, "a mark that changed nothing or a pull made a step")
    }

    @Test("undo of a server account's mark-all-read queues the inverse for each article and says the server's unstored entries cannot come back")
    func markAllReadOnServer() throws {
        let (temporary, account, feed, ids) = try server()
        let store = temporary.store
        try store.states.markAllRead(ArticleQuery(feedID: feed.id))
        let step = try #require(try store.undoJournal.steps().first)
        #expect(step.reachedServerScope && step.articles == 3 && step.summary == "marked all read (feed 'Harbour')", "\(step)")
        let outcome = try #require(try store.undoJournal.undo())
        #expect(outcome.reverted == 3 && outcome.kept == 0 && outcome.queuedAccountIDs == [account.id])
        #expect(try reads(store, ids) == [.unread, .unread, .unread])
        #expect(try intents(store, account) == Dictionary(uniqueKeysWithValues: ids.map { ($0, "read=false") }))
        #expect(try store.scopeReads.all(accountID: account.id).count == 1, "the scope read is pushed first; the unread intents land after it")
    }

    @Test("a mark-all-read journals each article it changes with its state before, in one statement: unknown comes back unknown, one read already is no change, one changed since is kept")
    func markAllReadJournalsPriorState() throws {
        let (temporary, account, _, ids) = try server(articles: 4)
        let store = temporary.store
        // Outside any step (as a sync's pull writes), so not journaled: ids[0] unknown, ids[1] read.
        try store.database.execute("UPDATE article_state SET read = 'unknown' WHERE article_id = ?", ids[0])
        try store.database.execute("UPDATE article_state SET read = 'read' WHERE article_id = ?", ids[1])
        let result = try store.states.markAllRead(ArticleQuery(accountID: account.id))
        #expect(result.changed == 3)
        let step = try #require(try store.undoJournal.steps().first)
        #expect(step.articles == 3 && step.summary == "marked all read (account 'Server')", "\(step)")
        #expect(try temporary.count("undo_open") == 0, "the step was left open")
        try store.states.setRead([ids[3]], to: .unread)
        #expect(try reads(store, ids) == [.read, .read, .read, .unread])

        let outcome = try #require(try store.undoJournal.undo(stepID: step.id))
        #expect(outcome.reverted == 2 && outcome.kept == 1, "\(outcome)")
        #expect(try reads(store, ids) == [.unknown, .read, .unread, .unread])
    }

    @Test("a mark-all-read inside a step that changed an article before keeps that article's first state")
    func markAllReadJoinsStep() throws {
        let (temporary, account, _, ids) = try server(articles: 2)
        let store = temporary.store
        try store.database.execute("UPDATE article_state SET read = 'unknown' WHERE article_id = ?", ids[0])
        try UndoJournal(database: store.database).step("both") {
            try store.states.setRead([ids[0]], to: .unread)
            try store.states.markAllRead(ArticleQuery(accountID: account.id))
        }
        #expect(try store.undoJournal.steps().map(\.summary) == ["both"] && reads(store, ids) == [.read, .read])
        // A server's pull afterwards, no step open: not journaled, and not blocked by the open step.
        try store.database.execute("UPDATE article_state SET starred = 1 WHERE article_id = ?", ids[1])
        #expect(try temporary.count("undo_changes") == 2)
        let outcome = try #require(try store.undoJournal.undo())
        #expect(outcome.reverted == 2, "\(outcome)")
        #expect(try reads(store, ids) == [.unknown, .unread])
    }

    @Test("an article changed again since the step keeps its state: by a later step, even one that set it back, or by the server")
    func changedSinceIsKept() throws {
        let (temporary, account, _, ids) = try server(articles: 4)
        let store = temporary.store
        try store.states.setRead(ids, to: .read)
        let marked = try #require(try store.undoJournal.steps().first)
        // ids[0]: unread by hand and read again, two later steps; ids[1]: the server says unread.
        try store.states.setRead([ids[0]], to: .unread)
        try store.states.setRead([ids[0]], to: .read)
        try store.intents.acknowledge(try store.intents.selectForSending(accountID: account.id))
        try store.sync.applyIDSet(accountID: account.id, field: .unread, members: ["s1"], complete: true, protected: [])
        #expect(try reads(store, ids) == [.read, .unread, .read, .read])

        let outcome = try #require(try store.undoJournal.undo(stepID: marked.id))
        #expect(outcome.reverted == 2 && outcome.kept == 2, "\(outcome)")
        #expect(try reads(store, ids) == [.read, .unread, .unread, .unread])
        #expect(try intents(store, account) == [ids[2]: "read=false", ids[3]: "read=false"])
    }

    @Test("a later step that was undone does not keep the article from an older undo")
    func undoneLaterStepDoesNotKeep() throws {
        let temporary = try TemporaryStore()
        let (_, _, _, ids) = try temporary.seedAccount(articles: 2)
        let store = temporary.store
        try store.states.setRead(ids, to: .read)
        try store.states.setStarred([ids[0]], to: true)
        try store.states.setRead([ids[0]], to: .unread)
        try store.undoJournal.undo()
        let outcome = try #require(try store.undoJournal.undo(stepID: try store.undoJournal.steps().last!.id))
        #expect(outcome.reverted == 2 && outcome.kept == 0, "\(outcome)")
        #expect(try reads(store, ids) == [.unread, .unread])
        #expect(try store.articles.article(ids[0])?.starred == true, "the star step was not asked to be undone")
    }

    @Test("labels and a rule's actions are steps: a rule's marks and labels are the rule's one step; a FreshRSS label comes back queued")
    func rulesAndLabels() throws {
        let (temporary, account, _, ids) = try server()
        let store = temporary.store
        try store.labels.set("Later", on: true, articleIDs: [ids[0]])
        let rule = try store.rules.add(name: "everything", expression: "title matches s", action: .label("Tagged"), scope: RuleScope())
        let outcome = try store.ruleEngine.run(rule, dryRun: false, now: Date().timeIntervalSince1970)
        #expect(outcome.changed == 3)
        #expect(try store.undoJournal.steps().map(\.summary) == ["rule apply 'everything'", "labelled 'Later'"])
        try store.labels.acknowledge(try store.labels.selectForSending(accountID: account.id))

        let undone = try #require(try store.undoJournal.undo())
        #expect(undone.reverted == 3)
        #expect(try ids.map { try store.labels.labels(ofArticle: $0) } == [["Later"], [], []])
        let pending = try store.labels.selectForSending(accountID: account.id)
        #expect(pending.map(\.label) == ["Tagged", "Tagged", "Tagged"] && pending.allSatisfy { !$0.on }, "\(pending)")
    }

    @Test("the rules' actions after a sync are one step")
    func sweepIsOneStep() throws {
        let (temporary, account, _, ids) = try server()
        let store = temporary.store
        _ = try store.rules.add(name: "read s0", expression: "title = s0", action: .read, scope: RuleScope())
        _ = try store.rules.add(name: "star all", expression: "title matches s", action: .star, scope: RuleScope())
        let outcomes = try store.ruleEngine.runNewArticles(accountID: account.id, now: Date().timeIntervalSince1970)
        #expect(outcomes.map(\.changed) == [1, 3])
        let steps = try store.undoJournal.steps()
        #expect(steps.map(\.summary) == ["rules after a sync of 'Server'"] && steps.map(\.articles) == [3], "\(steps)")
        try store.undoJournal.undo()
        #expect(try reads(store, ids) == [.unread, .unread, .unread])
        #expect(try ids.compactMap { try store.articles.article($0) }.allSatisfy { !$0.starred })
    }

    @Test("the journal keeps the newest list.undo-steps steps, and survives reopening the store")
    func boundedAndDurable() throws {
        let temporary = try TemporaryStore()
        let (_, _, _, ids) = try temporary.seedAccount(articles: 5)
        try temporary.store.settings.apply([UndoJournal.limitKey: "3"])
        for id in ids { try temporary.store.states.setRead([id], to: .read) }
        #expect(try temporary.store.undoJournal.steps().count == 3)
        #expect(try temporary.count("undo_changes") == 3, "the forgotten steps' changes stayed")

        let reopened = try Store(path: temporary.path)
        #expect(try reopened.undoJournal.steps().map(\.articles) == [1, 1, 1])
        #expect(try reopened.undoJournal.undo()?.reverted == 1)
        #expect(try reopened.articles.article(ids[4])?.read == .unread)
    }

    @Test("a step that fails is rolled back with its journal")
    func failedStepLeavesNothing() throws {
        let temporary = try TemporaryStore()
        let (_, _, _, ids) = try temporary.seedAccount(articles: 2)
        #expect(throws: StoreError.self) { try temporary.store.labels.set("X", on: true, articleIDs: [ids[0], 9_999]) }
        #expect(try temporary.count("undo_steps") == 0 && temporary.count("undo_changes") == 0 && temporary.count("undo_open") == 0)
        try temporary.store.states.setRead([ids[0]], to: .read)
        #expect(try temporary.store.undoJournal.steps().count == 1)
    }
}
