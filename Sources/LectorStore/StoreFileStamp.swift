import Glibc

/// What the store's files look like on disk — device, inode, size and modification time of the
/// database and of its write-ahead log — so that something derived from the store (completion's
/// names) can tell, with two `stat` calls and no SQLite, that nothing was written since.
///
/// Every commit writes the log, every checkpoint the database, a restore replaces the file: each
/// moves one of these. An empty log counts as none. The one blind spot is the clock: a file's time is kept to the kernel's
/// coarse tick (a few milliseconds), so a write in the same tick as the stamp could leave it
/// unchanged. `isSettled` says when that cannot happen — as git's index treats "racily clean"
/// entries — and only a settled stamp may vouch for what was read under it.
public struct StoreFileStamp: Sendable, Equatable {
    /// One line of text, the same for the same files (what a cache keeps).
    public let text: String
    /// The newest modification time of the two files, seconds since 1970.
    let newestModification: Double

    /// The stamp of the store at `databasePath` now; nil when there is no store.
    public static func current(databasePath: String) -> StoreFileStamp? {
        guard let database = FileState(path: databasePath) else { return nil }
        // An empty log holds nothing: every connection's close deletes it and the next open
        // creates it anew, which no more changes the store than a read does.
        let log = FileState(path: databasePath + "-wal").flatMap { $0.isEmpty ? nil : $0 }
        let text = database.text + " " + (log?.text ?? "-")
        return StoreFileStamp(text: text, newestModification: max(database.modification, log?.modification ?? 0))
    }

    /// Whether the files were last written at least `margin` seconds before `now`: a write after
    /// the stamp was taken then falls in a later tick and changes it.
    public func isSettled(now: Double, margin: Double = 1) -> Bool {
        now - newestModification >= margin
    }

    private struct FileState {
        let text: String
        let modification: Double
        let isEmpty: Bool

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            isEmpty = info.st_size == 0
            text = "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            modification = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        }
    }
}
