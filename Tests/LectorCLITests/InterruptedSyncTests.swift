import Foundation
import Glibc
import Testing
@testable import LectorStore
import LectorTestSupport

/// Ctrl-C (SIGINT) during `lector sync`: the feeds not reached keep no failure and no backoff,
/// and the run says how far it got, with the interrupted exit code.
@Suite("An interrupted sync")
struct InterruptedSyncTests {
    static let feedCount = 10
    static let answeredAtOnce = 2

    @Test("SIGINT during a local sync: exit 130, 'interrupted: 2 of 10 feeds synced', and no feed counts a failure or waits")
    func sigintDuringLocalSync() throws {
        let home = TestHome()
        let feeds = try HeldFeeds(count: Self.feedCount, answeredAtOnce: Self.answeredAtOnce)
        defer { feeds.stop() }
        let store = try home.store()
        let account = try store.accounts.insert(kind: .local, name: "Home")
        for number in 0..<Self.feedCount {
            try store.feeds.insert(accountID: account.id, folderID: nil, serverID: "f\(number)", title: "Feed \(number)",
                                   url: feeds.url(number).absoluteString, siteURL: nil)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestBinary.path)
        process.arguments = ["sync", "--account", "Home"]
        process.environment = home.environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        // Until the answered feeds are stored and held fetches are in flight.
        let watcher = try Store(path: store.database.path)
        func storedArticles() throws -> Int { try watcher.articles.list(ArticleQuery(accountID: account.id, limit: 100)).count }
        while try (feeds.arrived.count < Self.answeredAtOnce + 1 || storedArticles() < Self.answeredAtOnce) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(process.processIdentifier, SIGINT)
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        feeds.release()

        #expect(process.terminationReason == .exit && process.terminationStatus == 130,
                "a sync stopped by Ctrl-C exits 130 (interrupted): \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus), \(stderr)")
        #expect((stdout + stderr).contains("interrupted: \(Self.answeredAtOnce) of \(Self.feedCount) feeds synced"),
                "the run should say how far it got: stdout \(stdout) stderr \(stderr)")
        #expect(!(stdout + stderr).contains("failure"), "cancelled fetches were reported as failures: \(stdout) \(stderr)")
        let after = try Store(path: store.database.path)
        for listing in try after.feeds.list(accountID: account.id) {
            let meta = try after.fetchMeta.meta(feedID: listing.feed.id)
            #expect(meta.failureCount == 0 && meta.lastError == nil,
                    "\(listing.feed.title) was not reached, yet it counts \(meta.failureCount) failure(s): \(meta.lastError ?? "")")
        }
    }
}
