import Foundation
import LectorStore

/// newsboat as the sync peer: its own config, cache and urls files in a temporary directory,
/// reloading every feed with `newsboat -x reload`, timed as a whole process.
struct Newsboat {
    /// newsboat's own default for `reload-threads` (see its manual): one feed at a time, like Lector.
    static let defaultReloadThreads = 1

    let directory: String
    let executable: String

    /// Writes the urls file and a config with `threads` reload threads; the cache starts empty.
    init(urls: [String], threads: Int) throws {
        guard let executable = ["/usr/bin/newsboat", "/usr/local/bin/newsboat"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw BenchError.skipped("newsboat is not installed (apt-get install newsboat)")
        }
        self.executable = executable
        directory = try TemporaryDirectory.make("newsboat")
        try (urls.joined(separator: "\n") + "\n").write(toFile: directory + "/urls", atomically: true, encoding: .utf8)
        try "reload-threads \(threads)\nauto-reload no\nshow-read-feeds yes\n"
            .write(toFile: directory + "/config", atomically: true, encoding: .utf8)
    }

    /// One `-x reload`; milliseconds.
    func reload() throws -> Double {
        // HOME and the XDG directories point into the temporary directory, so nothing of the
        // user's newsboat setup is read or written.
        let environment = ["HOME": directory, "XDG_CONFIG_HOME": directory, "XDG_DATA_HOME": directory,
                           "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "dumb"]
        let run = try ProcessTimer.runChecked([executable, "-C", directory + "/config", "-c", directory + "/cache.db",
                                               "-u", directory + "/urls", "-x", "reload"], environment: environment)
        return run.milliseconds
    }

    /// Items in newsboat's cache, to check that a reload fetched everything.
    func cachedItems() -> Int {
        guard let database = try? Database(path: directory + "/cache.db", mode: .readOnly) else { return -1 }
        return (try? database.scalarInt("SELECT count(*) FROM rss_item")) ?? -1
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
