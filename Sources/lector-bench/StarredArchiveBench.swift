import Foundation
import Synchronization
import LectorAccounts
import LectorBasics
import LectorHTTP
import LectorKeyring
import LectorSettings
import LectorStore
import LectorTestSupport

// lector-bench starred [--sizes 1000,10000]
//
// The starred archive of `size` starred articles (~2 KB of content each, 20 feeds) from the
// GReader and Miniflux emulators on loopback, in-process through the account core: `backup
// export --sections accounts,starred` (fetch, encode, write) and its restore into an empty
// Miniflux account (sync, match, one entry import each): wall time, requests, peak RSS above
// the process before the step (the emulators' own data included: the destination's grows by
// every imported article). Lector's own side of the restore apart from the emulator: the file
// read and checked and every page of the section read back, without the import. Peer: the same
// export without the starred section.
enum StarredArchiveBench {
    static let user = EmulatedAccount(username: "bench", password: "bench-password")
    static let apiKey = "bench-token"

    static func run(_ options: BenchOptions) throws {
        let sizes = try options.string("sizes", default: "1000,10000").split(separator: ",").map { text throws -> Int in
            guard let size = Int(text), size > 0 else { throw BenchError.usage("--sizes takes article counts, comma-separated (got '\(text)')") }
            return size
        }
        for size in sizes {
            for service in ["freshrss", "miniflux"] { try measure(service, size: size) }
        }
    }

    /// An in-memory keyring that holds the one bench login.
    struct Keyring: SecretStore {
        let secret: String
        func store(_ secret: String, for item: SecretItem) throws(KeyringError) {}
        func secret(for item: SecretItem) throws(KeyringError) -> String? { secret }
        func remove(_ item: SecretItem) throws(KeyringError) -> Bool { false }
        func removeAll(accountID: String) throws(KeyringError) -> Bool { false }
        func removeAll(feedID: String, url: String) throws(KeyringError) -> Bool { false }
        func status() -> KeyringStatus { .available }
    }

    static func library(_ size: Int) -> FeedStore {
        let library = FeedStore()
        let body = String(repeating: "<p>The harbour master logged the tide and the wind at dawn; boats waited. </p>", count: 26)
        let feeds = (0..<20).map { index in
            library.addFeed(title: "Feed \(index)", feedURL: "https://feed\(index).example/rss", siteURL: "https://feed\(index).example/", folder: "Folder \(index % 4)")
        }
        let now = Int64(Date().timeIntervalSince1970)
        for index in 0..<size {
            library.addItem(id: 1_700_000_000_000_000 + Int64(index), feed: feeds[index % feeds.count], title: "Starred \(index)",
                            url: "https://feed\(index % feeds.count).example/\(index)", content: body, published: now - Int64(index) * 60, starred: true)
        }
        return library
    }

    /// A store with one account of `kind` on `server`, and its account core.
    static func manager(_ kind: AccountKind, server: LoopbackServer, directory: String) throws -> AccountManager {
        let store = try Store(path: directory + "/lector.sqlite")
        let url = server.baseURL.absoluteString + (kind == .freshrss ? GReaderEmulator.basePath + "/" : "")
        let account = try store.accounts.insert(kind: kind, name: "Bench", url: url, username: kind == .miniflux ? nil : user.username)
        try store.accounts.setDefault(account.id)
        let secret = kind == .miniflux ? apiKey : user.password
        return AccountManager(store: store, keyring: Keyring(secret: secret), http: { HTTPClient() })
    }

    /// Wall seconds and peak KiB above the resident set before `body`.
    static func measured<T>(_ body: () throws -> T) rethrows -> (T, Double, Int) {
        PeakMemory.resetPeak()
        let before = PeakMemory.residentKibibytes()
        var result: T?
        let seconds = try secondsElapsed { result = try body() }
        return (result!, seconds, max(0, PeakMemory.kibibytes() - before))
    }

    /// `backup export` as the CLI runs it: written to a private file as it is made; its size.
    static func export(_ manager: AccountManager, _ sections: Set<BackupSection>, to path: String) throws -> Int {
        let writer = PrivateFileWriter(path: path)
        var bytes = 0
        _ = try manager.exportBackup(of: sections, starredAskedFor: true, preferences: .defaults, profiles: [], toolVersion: "bench",
                                     writing: { data in bytes += data.count; return writer.append(data) })
        guard writer.finish(durable: true) == 0 else { throw BenchError.check("the backup could not be written to \(path)") }
        return bytes
    }

    static func measure(_ service: String, size: Int) throws {
        let library = library(size)
        let handler: @Sendable (ServerRequest) -> ServerResponse = service == "freshrss"
            ? GReaderEmulator(store: library, accounts: [user]).handler
            : MinifluxEmulator(store: library, account: user, apiKey: apiKey).handler
        let counter = RequestCounter()
        let server = try counter.serve(handler)
        defer { server.stop() }
        let directory = try TemporaryDirectory.make("starred")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = try manager(service == "freshrss" ? .freshrss : .miniflux, server: server, directory: directory)
        let file = directory + "/backup.json"

        counter.reset()
        let plainFile = directory + "/plain.json"
        let (_, plainSeconds, plainPeak) = try measured { try export(source, [.accounts, .settings], to: plainFile) }
        let plainRequests = counter.count
        counter.reset()
        let (bytes, exportSeconds, exportPeak) = try measured { try export(source, [.accounts, .starred], to: file) }
        let exportRequests = counter.count

        // The restore: into an empty Miniflux account whose server can subscribe the feeds.
        let empty = FeedStore(defaultFolderName: "All")
        for index in 0..<20 { empty.addRemoteFeed(RemoteFeed(feedURL: "https://feed\(index).example/rss", siteURL: "https://feed\(index).example/", title: "Feed \(index)")) }
        let destinationCounter = RequestCounter()
        let destinationServer = try destinationCounter.serve(MinifluxEmulator(store: empty, account: user, apiKey: apiKey).handler)
        defer { destinationServer.stop() }
        let destinationDirectory = try TemporaryDirectory.make("starred-restore")
        defer { try? FileManager.default.removeItem(atPath: destinationDirectory) }
        let destination = try manager(.miniflux, server: destinationServer, directory: destinationDirectory)
        let (read, readSeconds, readPeak) = try measured { () throws -> Int in
            let (document, _) = try BackupReader.read(contentsOf: URL(fileURLWithPath: file))
            var count = 0
            for account in document.starred?.accounts ?? [] { try document.starred?.forEachPage(of: account.name) { count += $0.count } }
            return count
        }
        guard read == size else { throw BenchError.check("the file's pages held \(read) of \(size) articles") }
        let (reports, restoreSeconds, restorePeak) = try measured { () throws -> [StarredRestoreReport] in
            let (document, _) = try BackupReader.read(contentsOf: URL(fileURLWithPath: file))
            return document.starred.map { destination.restoreStarred($0) } ?? []
        }
        let recreated = reports.map(\.recreated).reduce(0, +)
        guard recreated == size, empty.items.filter(\.starred).count == size else {
            throw BenchError.check("restore re-created \(recreated) of \(size) (\(reports.first?.notTaken.first?.reason ?? "no reason"))")
        }
        let restoreRequests = destinationCounter.count
        let name = service == "freshrss" ? "GReader" : "Miniflux"
        print(String(format: "starred %@ %d: export %.2f s, %d requests, peak +%.1f MiB, %.1f MB file; plain export %.3f s, %d requests, peak +%.1f MiB; restore into Miniflux %.2f s, %d requests, peak +%.1f MiB; of it read, check and pages %.2f s, peak +%.1f MiB",
                     name, size, exportSeconds, exportRequests, Double(exportPeak) / 1024, Double(bytes) / 1_000_000,
                     plainSeconds, plainRequests, Double(plainPeak) / 1024, restoreSeconds, restoreRequests, Double(restorePeak) / 1024,
                     readSeconds, Double(readPeak) / 1024))
        Summary.record("starred", "\(name) export of \(size) starred", lector: String(format: "%.2f s, %d req, +%.1f MiB", exportSeconds, exportRequests, Double(exportPeak) / 1024),
                       peer: String(format: "plain export %.3f s, +%.1f MiB", plainSeconds, Double(plainPeak) / 1024),
                       ratio: String(format: "%.0f×", exportSeconds / max(plainSeconds, 0.000_001)), goal: "memory independent of count")
        Summary.record("starred", "\(name) archive of \(size) restored into Miniflux", lector: String(format: "%.2f s, %d req, +%.1f MiB", restoreSeconds, restoreRequests, Double(restorePeak) / 1024),
                       peer: "floor: \(size) import calls", ratio: String(format: "%.2f req/article", Double(restoreRequests) / Double(size)), goal: "memory independent of count")
        Summary.record("starred", "\(name) archive of \(size): restore's read, check and pages", lector: String(format: "%.2f s, +%.1f MiB", readSeconds, Double(readPeak) / 1024),
                       peer: String(format: "whole restore %.2f s", restoreSeconds), ratio: String(format: "%.0f%%", 100 * readSeconds / max(restoreSeconds, 0.000_001)),
                       goal: "memory independent of count")
    }
}

/// Counts a loopback server's requests without keeping them: the server's own log holds every
/// request with its body, which would count in the peak of 10,000 imports.
final class RequestCounter: Sendable {
    private let requests = Mutex(0)
    private let server = Mutex<LoopbackServer?>(nil)

    var count: Int { requests.withLock { $0 } }
    func reset() { requests.withLock { $0 = 0 } }

    func serve(_ handler: @escaping @Sendable (ServerRequest) -> ServerResponse) throws -> LoopbackServer {
        let started = try LoopbackServer { [self] request in
            requests.withLock { $0 += 1 }
            server.withLock { $0 }?.clearLog()
            return handler(request)
        }
        server.withLock { $0 = started }
        return started
    }
}
