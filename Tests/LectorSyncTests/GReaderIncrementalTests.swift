import Foundation
import Testing
import LectorSync

@Suite("GReader incremental sync")
struct GReaderIncrementalTests {
    @Test("a second sync fetches contents only for entries the store lacks")
    func contentsOnlyForNewIDs() throws {
        let bench = try FreshRSSBench(.greader, feedCount: 2, itemsPerFeed: 5)
        try bench.sync()
        bench.server.clearLog()
        try bench.sync()
        #expect(bench.requests(containing: "items/contents").isEmpty, "nothing new: no contents request")
        let fresh = bench.feeds.addItem(feed: bench.feeds.feeds[0].id, title: "New", url: "https://site1.example/new")
        bench.server.clearLog()
        try bench.sync()
        let contents = bench.requests(containing: "items/contents")
        #expect(contents.count == 1, "one contents request for the one new entry")
        let body = String(decoding: contents.first?.body ?? Data(), as: UTF8.self)
        #expect(body.components(separatedBy: "i=").count - 1 == 1, "only the new id is asked for: \(body)")
        #expect(try bench.local(fresh) != nil, "the new entry arrived")
    }
}
