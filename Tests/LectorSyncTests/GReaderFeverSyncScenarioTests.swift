import Foundation
import LectorStore
import LectorSync
import LectorTestSupport
import Testing

/// The offline-first rules of issue 6, each played against the FreshRSS emulator through the
/// engine, once over the GReader API and once over the Fever API.
@Suite("GReader and Fever sync scenarios")
struct GReaderFeverSyncScenarioTests {
    static let apis: [FreshRSSBench.API] = [.greader, .fever]
    let first = FreshRSSBench.itemID(1)
    let second = FreshRSSBench.itemID(2)

    @Test("read on the train, then a sync against a stale snapshot: read locally and on the server", arguments: apis)
    func readOnTheTrain(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        try bench.markRead([first], true)
        // Every connection breaks (the tamper's broken answers fail at once; the server's own
        // dropConnection on a reused keep-alive connection leaves a POST waiting for the deadline).
        bench.tamper.onEvery(.dropBefore)
        #expect(throws: SyncError.self, "with the connection gone the sync must fail") { try bench.sync() }
        bench.tamper.clear()
        #expect(try bench.local(first)?.read == .read, "the failed sync undid the local read")
        #expect(try bench.pendingIntents().count == 1, "the read must still be queued after the failed sync")

        bench.freezeReads()
        try bench.sync()
        bench.thawReads()
        #expect(bench.remote(first)?.read == true, "the queued read never reached the server")
        #expect(try bench.local(first)?.read == .read, "the stale snapshot (still unread) overwrote the local read")
        #expect(try bench.pendingIntents().isEmpty, "the acknowledged read is still queued")
        try bench.sync()
        #expect(try bench.local(first)?.read == .read, "a fresh sync after the stale one lost the read")
    }

    @Test("starred in a tunnel, connection back: starred on the server", arguments: apis)
    func starInATunnel(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        try bench.star([second], true)
        bench.tamper.on(.dropBefore)
        #expect(throws: SyncError.self, "the first request broke: the push must fail") { try bench.push() }
        #expect(bench.remote(second)?.starred == false, "nothing should have reached the server yet")
        try bench.sync()
        #expect(bench.remote(second)?.starred == true, "the star made offline never reached the server")
        #expect(try bench.local(second)?.starred == true, "the star was lost locally")
        #expect(try bench.pendingIntents().isEmpty, "the star is acknowledged but still queued")
    }

    @Test("another client marks an article read and stars another: both show locally after a sync", arguments: apis)
    func anotherClientChanges(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        #expect(try bench.local(first)?.read == .unread, "the first sync should bring the article unread")
        bench.otherClient(first, read: true)
        bench.otherClient(second, starred: true)
        try bench.sync()
        #expect(try bench.local(first)?.read == .read, "a read made by another client did not arrive")
        #expect(try bench.local(second)?.starred == true, "a star made by another client did not arrive")
        bench.otherClient(first, read: false)
        try bench.sync()
        #expect(try bench.local(first)?.read == .unread, "marking unread on the server did not arrive")
    }

    @Test("a local change made while a sync runs survives that sync and reaches the server", arguments: apis)
    func changeDuringSync(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        var changed = false
        try bench.sync { progress in
            guard progress == .state, !changed else { return }
            changed = true
            try? bench.markRead([first], true)
        }
        #expect(changed, "the engine never reported the state step")
        #expect(try bench.local(first)?.read == .read, "the reconcile of the running sync undid a change made meanwhile")
        try bench.sync()
        #expect(bench.remote(first)?.read == true, "the change made during a sync was not pushed by the next one")
        #expect(try bench.local(first)?.read == .read, "the next sync undid the change made during the previous one")
    }

    @Test("a local change wins over an older server change; a newer server change wins over an acknowledged one",
          arguments: apis)
    func conflictOrder(api: FreshRSSBench.API) throws {
        let bench = try FreshRSSBench(api)
        try bench.sync()
        bench.otherClient(first, read: true)
        try bench.markRead([first], false)  // still unread locally: no change, nothing queued
        try bench.markRead([first], true)
        try bench.markRead([first], false)  // the user's last word: unread
        try bench.sync()
        #expect(bench.remote(first)?.read == false, "the unacknowledged local unread must win over the server's read")
        #expect(try bench.local(first)?.read == .unread, "the local unread was lost")
        bench.otherClient(first, read: true)
        try bench.sync()
        #expect(try bench.local(first)?.read == .read, "after acknowledgement the server is authoritative")
    }
}
