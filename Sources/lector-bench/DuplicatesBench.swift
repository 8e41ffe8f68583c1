import Foundation
import LectorStore
import LectorTestSupport

// lector-bench duplicates [--articles 1000000] [--share 5] [--lector PATH] [--home DIR] [--reuse-store yes] [--keying-before yes]
//
// `article duplicates` over a store of ARTICLES articles in 3 accounts (local, FreshRSS, Miniflux;
// 20 feeds each) of which SHARE % are planted copies of another article, most in another account:
// 40 % by address written differently (scheme, host case, trailing slash, utm_*/fbclid), 20 % by
// the same guid (local feeds), 40 % by the same long title with case and punctuation changed,
// under another address, within 6 hours. Decoys that must never match: 2 % of the originals have
// a short title shared with unrelated articles ("Links", "Open thread"…), and a weekly roundup
// repeats one long title a week apart (outside the two-day window).
// Measured: the first keying of every article (`ArticleCopies.catchUp`, once per store), the
// groups over the keyed store, and `lector article duplicates --dry-run` as a whole process;
// precision and recall against the planted set, overall and per key. The peer, in the same run:
// exact-address grouping (what a server's own partial fix does: one SQL GROUP BY on the stored
// address), its time and recall.
enum DuplicatesBench {
    static let shortTitles = ["Links", "Open thread", "Weekly update", "Release notes", "Podcast"]

    static func run(_ options: BenchOptions) throws {
        let size = try options.int("articles", default: 1_000_000)
        let share = try options.int("share", default: 5)
        let lector = options.string("lector", default: "")
        let kept = options.string("home", default: "")
        let reuse = options.string("reuse-store", default: "no") != "no"
        let home = kept.isEmpty ? try LectorHome(lector: lector, purpose: "duplicates") : LectorHome(lector: lector, path: kept)
        defer { if kept.isEmpty { home.remove() } }
        let plantedFile = home.path + "/planted.txt"
        if !(reuse && FileManager.default.fileExists(atPath: plantedFile)) {
            try? FileManager.default.removeItem(atPath: home.path)
            try FileManager.default.createDirectory(atPath: home.path + "/data", withIntermediateDirectories: true)
            let building = try secondsElapsed {
                let planted = try build(at: home.databasePath, size: size, share: share)
                try planted.map { "\($0.key) \($0.value.original) \($0.value.kind)" }.joined(separator: "\n").write(toFile: plantedFile, atomically: true, encoding: .utf8)
            }
            ScaleBench.say(String(format: "duplicates %d: store built in %.1f s", size, building))
        }
        var planted: [Int64: (original: Int64, kind: String)] = [:]
        for line in try String(contentsOfFile: plantedFile, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ")
            planted[Int64(parts[0])!] = (Int64(parts[1])!, String(parts[2]))
        }
        let store = try Store(path: home.databasePath)
        // The first keying as it runs (indexes built after the rows), then as it ran before
        // (indexes kept through it) on the same store, which it leaves keyed as the first did; the
        // first goes first, so a warmer cache helps the second.
        try store.database.execute("DELETE FROM article_copies")
        var keyed = 0
        var keyingCPU = 0.0
        // The keying runs on this thread alone: its CPU time says what it costs, whatever the load.
        let keying = try secondsElapsed { keyingCPU = try ThreadCPUTime.measure { keyed = try store.copies.catchUp() } / .seconds(1) }
        if options.string("keying-before", default: "yes") != "no" {
            try store.database.execute("DELETE FROM article_copies")
            let before = try secondsElapsed { _ = try store.copies.catchUp(indexesBuiltAfter: false) }
            ScaleBench.say(String(format: "duplicates %d: keying every article %.2f s, with the indexes kept through it (as before) %.2f s",
                                  size, keying, before))
        }
        var groups: [CopyGroup] = []
        let grouping = try secondsElapsed { groups = try store.copies.groups() }
        ScaleBench.say(String(format: "duplicates %d: keying every article %.2f s (%.2f s of CPU; %d keyed, once per store), groups %.2f s (%d groups)",
                              size, keying, keyingCPU, keyed, grouping, groups.count))
        report(groups, planted: planted, size: size)
        try peer(store, planted: planted, size: size)
        if !lector.isEmpty {
            var times: [Double] = []
            for _ in 0..<3 { times.append(try home.run("article", "duplicates", "--dry-run").milliseconds / 1000) }
            ScaleBench.say(String(format: "duplicates %d: lector article duplicates --dry-run (keys stored): median %.2f s of 3 processes",
                                  size, times.sorted()[1]))
        }
    }

    /// Precision and recall against the planted copies: a later copy found is right when it was
    /// planted and its group's first copy is the article it was planted from.
    static func report(_ groups: [CopyGroup], planted: [Int64: (original: Int64, kind: String)], size: Int) {
        var found: [String: (right: Int, wrong: Int)] = [:]
        var foundIDs = Set<Int64>()
        for group in groups {
            for copy in group.later {
                let right = planted[copy.id]?.original == group.first
                found[copy.matchedBy, default: (0, 0)].right += right ? 1 : 0
                found[copy.matchedBy, default: (0, 0)].wrong += right ? 0 : 1
                if right { foundIDs.insert(copy.id) }
            }
        }
        let right = found.values.reduce(0) { $0 + $1.right }, wrong = found.values.reduce(0) { $0 + $1.wrong }
        ScaleBench.say(String(format: "duplicates %d: %d planted, %d found: precision %.4f, recall %.4f", size, planted.count, right + wrong,
                              Double(right) / Double(max(1, right + wrong)), Double(foundIDs.count) / Double(max(1, planted.count))))
        for key in ["address", "guid", "title"] {
            let tier = found[key] ?? (0, 0)
            let plantedOfKind = planted.values.filter { $0.kind == key }
            let recalled = planted.filter { $0.value.kind == key && foundIDs.contains($0.key) }.count
            ScaleBench.say(String(format: "duplicates %d:   by %@: %d found, precision %.4f; planted %d, recall %.4f", size, key,
                                  tier.right + tier.wrong, Double(tier.right) / Double(max(1, tier.right + tier.wrong)),
                                  plantedOfKind.count, Double(recalled) / Double(max(1, plantedOfKind.count))))
        }
    }

    /// Exact-address grouping in SQL, as a server's own fix does: its time and what it finds.
    static func peer(_ store: Store, planted: [Int64: (original: Int64, kind: String)], size: Int) throws {
        var later: [Int64] = []
        let seconds = try secondsElapsed {
            later = try store.database.query("""
                SELECT a.id FROM articles a JOIN (SELECT url, min(id) AS first FROM articles WHERE url IS NOT NULL GROUP BY url HAVING count(*) > 1) g
                ON g.url = a.url AND a.id > g.first
                """) { $0.int64(0) }
        }
        let right = later.filter { planted[$0] != nil }.count
        ScaleBench.say(String(format: "duplicates %d: peer (exact address, SQL GROUP BY) %.2f s: %d found, recall %.4f", size, seconds,
                              later.count, Double(right) / Double(max(1, planted.count))))
    }

    /// The store, and each planted copy's id → (the original's id, the key it should be found by).
    static func build(at path: String, size: Int, share: Int) throws -> [Int64: (original: Int64, kind: String)] {
        let store = try Store(path: path)
        var generator = SeededGenerator(seed: 20_261_206)
        let words = ScaleCorpus.vocabulary
        var planted: [Int64: (original: Int64, kind: String)] = [:]
        try store.database.write {
            let accounts = [try store.accounts.insert(kind: .local, name: "Local"),
                            try store.accounts.insert(kind: .freshrss, name: "Fresh", url: "https://fresh.example/api/greader.php/", username: "bench"),
                            try store.accounts.insert(kind: .miniflux, name: "Flux", url: "https://flux.example/", username: "bench")]
            var feeds: [(account: Int64, feed: Int64, local: Bool)] = []
            for account in accounts {
                for index in 0..<20 {
                    let url = "https://feeds\(account.id).example/\(index).xml"
                    let feed = try store.feeds.insert(accountID: account.id, folderID: nil, serverID: account.kind == .local ? url : "feed/\(index)",
                                                      title: "Feed \(account.id)-\(index)", url: url, siteURL: nil)
                    feeds.append((account.id, feed.id, account.kind == .local))
                }
            }
            let localFeeds = feeds.filter(\.local)
            let base = 1_750_000_000.0
            var originals: [(id: Int64, feed: Int, url: String, title: String, time: Double, guid: String?)] = []
            func insert(_ feed: (account: Int64, feed: Int64, local: Bool), serverID: String, url: String, title: String, time: Double) throws -> Int64 {
                try store.database.execute("""
                    INSERT INTO articles (account_id, feed_id, server_id, url, title, text, published_at, fetched_at) VALUES (?, ?, ?, ?, ?, '', ?, ?)
                    """, feed.account, feed.feed, serverID, url, title, time, time + 600)
                return store.database.lastInsertedRowID
            }
            let copyEvery = 100 / max(1, share)
            for index in 0..<size {
                let time = base + Double(index) * 30
                if index % copyEvery == copyEvery - 1, !originals.isEmpty {
                    // A planted copy of a recent original (within the last ~2,000 articles, ≤ 17 hours before).
                    let original = originals[originals.count - 1 - Int(generator.next() % UInt64(min(originals.count, 2_000)))]
                    let choice = Int(generator.next() % 10)
                    let kind = choice < 4 ? "address" : choice < 6 && original.guid != nil ? "guid" : "title"
                    var target = feeds[Int(generator.next() % UInt64(feeds.count))]
                    if kind == "guid" { target = localFeeds[Int(generator.next() % UInt64(localFeeds.count))] }
                    if target.feed == feeds[original.feed].feed { target = feeds[(original.feed + 21) % feeds.count] }
                    if kind == "guid" && !target.local { target = localFeeds[(original.feed + 1) % localFeeds.count] }
                    let url: String, title: String, serverID: String
                    switch kind {
                    case "address":
                        let host = original.url.replacingOccurrences(of: "https://", with: "")
                        let variants = ["http://" + host, "https://" + host.uppercased().prefix(12) + host.dropFirst(12) + "/",
                                        original.url + "?utm_source=rss&utm_medium=feed", original.url + "/?fbclid=IwAR\(index)"]
                        url = variants[Int(generator.next() % 4)]
                        title = String(original.title.prefix(20)) + " (\(words[index % words.count]))"
                        serverID = target.local ? "\(target.feed)/copy-\(index)" : "copy-\(index)"
                    case "guid":
                        url = "https://mirror.example/\(index)"
                        title = "Mirror: " + words[index % words.count]
                        serverID = "\(target.feed)/\(original.guid!)"
                    default:
                        url = "https://syndicated\(index % 7).example/story/\(index)"
                        title = original.title.uppercased() + "!"
                        serverID = target.local ? "\(target.feed)/copy-\(index)" : "copy-\(index)"
                    }
                    let id = try insert(target, serverID: serverID, url: url, title: title, time: original.time + Double(generator.next() % 21_600))
                    planted[id] = (original.id, kind)
                    continue
                }
                let feedIndex = Int(generator.next() % UInt64(feeds.count))
                let feed = feeds[feedIndex]
                let url = "https://site\(feed.feed).example/\(2026 - index % 3)/\(index)-\(words[index % words.count])"
                let title: String
                if index % 50 == 7 {
                    title = shortTitles[index % shortTitles.count] // a decoy: short titles recur
                } else if index % 20_000 == 11 {
                    title = "The weekly roundup of the best stories from around the web" // a week apart: never one story
                } else {
                    title = (0..<7).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ") + " \(index)"
                }
                let guid = feed.local ? "tag:bench.example,2026:\(index)" : nil
                let id = try insert(feed, serverID: feed.local ? "\(feed.feed)/\(guid!)" : "item-\(index)", url: url, title: title, time: time)
                originals.append((id, feedIndex, url, title, time, guid))
                if originals.count > 4_000 { originals.removeFirst(2_000) }
            }
        }
        return planted
    }
}
