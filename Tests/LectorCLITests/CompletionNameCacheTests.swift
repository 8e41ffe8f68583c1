import Foundation
import Testing
@testable import LectorCLI
@testable import LectorStore

/// Shell completion keeps the store's names in the cache folder while the store's files are
/// unchanged; a name must never be offered after the store changed it.
@Suite("Completion's kept names")
struct CompletionNameCacheTests {
    /// A completer as `lector __complete` builds it, counting how often it opens the store;
    /// `now` is the clock the cache judges the store's last write by.
    private func completer(_ home: TestHome, opened: Counter, now: @escaping () -> Double = { Date().timeIntervalSince1970 }) -> Completer {
        let directories = AppDirectories.resolve(environment: home.environment)
        return Completer(openStore: {
            opened.add()
            return Store.openReadOnly(path: directories.databasePath, soleConnection: true)
        }, nameCache: CompletionNameCache(directories: directories, now: now))
    }

    private func complete(_ completer: Completer, _ words: [String]) -> [String] {
        let values = completer.complete(words).candidates.map(\.value)
        completer.nameCache?.save()
        return values
    }

    private let later = { Date().timeIntervalSince1970 + 5 }

    /// A home with one feed, "Zebra Weekly"; a counter of store openings; where names are kept.
    private func zebraHome() throws -> (TestHome, Counter, String) {
        let home = TestHome()
        try home.addFeed(title: "Zebra Weekly")
        return (home, Counter(), AppDirectories.resolve(environment: home.environment).completionNamesPath)
    }

    @Test("once the store has settled, the names are read from it once and then from the cache; any write to the store sends the next Tab back to it")
    func keptUntilTheStoreChanges() throws {
        let home = TestHome()
        let feed = try home.addFeed(title: "Zebra Weekly", folder: "Zoo")
        try home.addFeed(title: "Quokka News")
        let opened = Counter()
        #expect(complete(completer(home, opened: opened, now: later), ["feed", "move", "Ze"]) == ["Zebra Weekly"])
        #expect(opened.value == 1, "the first Tab reads the store")
        #expect(complete(completer(home, opened: opened, now: later), ["feed", "move", ""]).filter { ["Q", "Z"].contains($0.prefix(1)) } == ["Quokka News", "Zebra Weekly"])
        #expect(complete(completer(home, opened: opened, now: later), ["feed", "move", "q"]) == ["Quokka News"])
        #expect(opened.value == 1, "the next Tabs read the kept names, whatever the prefix")

        // A writer that stays open (a REPL, browse, a sync) leaves its change in the write-ahead
        // log, not yet in the database file: the log's stamp must tell.
        let writer = try home.store()
        try writer.feeds.update(feed.id, title: "Zebra Monthly", siteURL: nil)
        #expect(complete(completer(home, opened: opened, now: later), ["feed", "move", "Ze"]) == ["Zebra Monthly"],
                "a renamed feed is offered by its new name at once, while its writer is still open")
        #expect(opened.value == 2)
        withExtendedLifetime(writer) {}
        #expect(complete(completer(home, opened: opened, now: later), ["folder", "remove", "zo"]) == ["Zoo"])
        #expect(opened.value == 3, "folders are kept apart from feeds")
        #expect(complete(completer(home, opened: opened, now: later), ["feed", "move", "Ze"]) == ["Zebra Monthly"])
        #expect(complete(completer(home, opened: opened, now: later), ["folder", "remove", "Z"]) == ["Zoo"])
        #expect(opened.value == 3)
    }

    @Test("names read from a store written less than a second ago are not kept: a write in the same clock tick would not change the stamp")
    func unsettledStoreIsNotKept() throws {
        let (home, opened, keptPath) = try zebraHome()
        // A clock that reads the store as written a moment ago, whatever the real one does on a
        // loaded machine between the write above and the save.
        let justWritten = { Date().timeIntervalSince1970 - 10 }
        #expect(complete(completer(home, opened: opened, now: justWritten), ["feed", "move", "z"]) == ["Zebra Weekly"])
        #expect(!FileManager.default.fileExists(atPath: keptPath), "nothing kept under a fresh stamp")
        #expect(complete(completer(home, opened: opened, now: justWritten), ["feed", "move", "z"]) == ["Zebra Weekly"])
        #expect(opened.value == 2)
        #expect(complete(completer(home, opened: opened, now: later), ["feed", "move", "z"]) == ["Zebra Weekly"])
        #expect(FileManager.default.fileExists(atPath: keptPath), "kept once the store has settled")
        let mode = try FileManager.default.attributesOfItem(atPath: keptPath)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the kept names are private like the store")
    }

    @Test("a damaged, truncated or foreign cache file is a miss, never an error or a wrong name")
    func damagedFileIsAMiss() throws {
        let (home, opened, keptPath) = try zebraHome()
        _ = complete(completer(home, opened: opened, now: later), ["feed", "move", "zeb"])
        let kept = try Data(contentsOf: URL(fileURLWithPath: keptPath))
        let damaged: [Data] = [Data(), kept.prefix(kept.count - 3), kept + Data("99999:x".utf8),
                               Data(String(decoding: kept, as: UTF8.self).replacingOccurrences(of: "Zebra Weekly", with: "Zebra Weekly and more").utf8),
                               Data("lector completion names 0\n".utf8) + kept]
        for (index, bytes) in damaged.enumerated() {
            try bytes.write(to: URL(fileURLWithPath: keptPath))
            let before = opened.value
            let names = complete(completer(home, opened: opened, now: later), ["feed", "move", "zeb"])
            #expect(names == ["Zebra Weekly"], "damaged file \(index): \(names)")
            #expect(opened.value == before + 1, "damaged file \(index) sent the Tab to the store")
        }
    }

    @Test("names with tabs, line feeds and escape sequences come out of the cache as they came out of the store: sanitised")
    func hostileNamesStaySanitised() throws {
        let home = TestHome()
        try home.addFeed(title: "Evil\t\u{1b}]0;owned\u{07}Feed\nTwo")
        try home.addFeed(title: "Evil Plain")
        let opened = Counter()
        let reading = completer(home, opened: opened, now: later)
        let first = reading.wire(["feed", "move", "evil"])
        reading.nameCache?.save()
        let kept = completer(home, opened: opened, now: later).wire(["feed", "move", "evil"])
        #expect(opened.value == 1, "the second answer came from the kept names")
        #expect(first == kept)
        #expect(kept == "Evil Feed Two\tfeed\nEvil Plain\tfeed\n:0\n", "one line per name, nothing a terminal acts on: \(kept.debugDescription)")
    }

    @Test("kept names print from their bytes as made names print: every prefix, filtered alike")
    func keptPrintsAsMade() throws {
        let home = TestHome()
        for title in ["Zebra Weekly", "zeal", "Zé Notes", "Ze\u{301}phyr", "ZEN garden", "İzmir Daily", "Zoo\tkeeper"] { try home.addFeed(title: title) }
        let opened = Counter()
        _ = complete(completer(home, opened: opened, now: later), ["feed", "move", ""])
        for prefix in ["", "z", "Ze", "ZE", "zé", "ze\u{301}", "i", "İ", "zoo", "q"] {
            let made = Completer.wireFormat(completer(home, opened: opened, now: later).complete(["feed", "move", prefix]))
            let kept = completer(home, opened: opened, now: later).wire(["feed", "move", prefix])
            #expect(kept == made, "prefix \(prefix.debugDescription): kept \(kept.debugDescription), made \(made.debugDescription)")
        }
        #expect(opened.value == 1, "every answer after the first came from the kept names")
    }

    @Test("the case-blind prefix test answers from bytes as lower-casing would", arguments: ["", "s", "sw", "S", "e", "é", "i", "st", "ǆ", "x"])
    func prefixFromBytes(prefix: String) {
        let values = ["Swift", "SWIFT", "swé", "e\u{301}a", "ea", "İstanbul", "istanbul", "Straße", "ǅemal", "é", "e", "", "S", "x\u{301}"]
        let lowered = prefix.lowercased()
        for value in values {
            #expect(Completer.hasPrefixIgnoringCase(value, lowered) == value.lowercased().hasPrefix(lowered), "\(value.debugDescription) / \(prefix.debugDescription)")
        }
    }

    @Test("through the binary: a Tab after a rename offers the new title, with the old names kept a moment before")
    func binaryFollowsARename() throws {
        let home = TestHome()
        try home.addFeed(title: "Zebra Weekly")
        try home.addFeed(title: "Quokka News")
        // Let the store settle, so the first Tab keeps its names and the second reads them kept.
        Thread.sleep(forTimeInterval: 1.2)
        let first = try home.binaryOK(["__complete", "feed", "move", "Ze"], "first Tab").stdout
        #expect(first == "Zebra Weekly\tfeed\n:0\n")
        let kept = AppDirectories.resolve(environment: home.environment).completionNamesPath
        #expect(FileManager.default.fileExists(atPath: kept), "the first Tab on a settled store keeps the names")
        #expect(try home.binaryOK(["__complete", "feed", "move", "Ze"], "second Tab").stdout == first)
        try home.binaryOK(["feed", "rename", "Zebra Weekly", "Zebra Monthly"], "rename")
        let after = try home.binaryOK(["__complete", "feed", "move", "Ze"], "Tab after the rename").stdout
        #expect(after == "Zebra Monthly\tfeed\n:0\n", "the rename shows at once: \(after)")
    }
}

/// A count shared with a closure.
final class Counter: @unchecked Sendable {
    private(set) var value = 0
    func add() { value += 1 }
}
