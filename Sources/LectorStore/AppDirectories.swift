import FoundationEssentials
import Glibc
import LectorBasics

/// Where Lector keeps its files: the XDG base directories, or everything under `LECTOR_HOME`.
public struct AppDirectories: Sendable, Equatable {
    public let data: String
    public let config: String
    public let state: String
    public let cache: String

    /// Where systemd looks for this user's units (`~/.config/systemd/user`); under LECTOR_HOME
    /// when that is set, so tests never touch the real one.
    public let systemdUser: String

    public init(data: String, config: String, state: String, cache: String, systemdUser: String) {
        self.data = data
        self.config = config
        self.state = state
        self.cache = cache
        self.systemdUser = systemdUser
    }

    /// Resolves the directories from the environment. `LECTOR_HOME` wins over the XDG variables.
    public static func resolve(environment: [String: String] = ProcessEnvironment.current()) -> AppDirectories {
        resolve { environment[$0] }
    }

    /// Resolves the directories from the process's own environment, reading just the variables
    /// that place them: shell completion's way (building ProcessInfo's whole environment
    /// dictionary was a tenth of a completion's user time).
    public static func resolveFromProcess() -> AppDirectories {
        resolve { getenv($0).map { String(cString: $0) } }
    }

    private static func resolve(_ variable: (String) -> String?) -> AppDirectories {
        if let home = variable("LECTOR_HOME"), !home.isEmpty {
            return AppDirectories(data: home + "/data", config: home + "/config",
                                  state: home + "/state", cache: home + "/cache", systemdUser: home + "/systemd/user")
        }
        let userHome = variable("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        func base(_ name: String, _ fallback: String) -> String {
            // The XDG spec says relative paths in these variables are invalid and must be ignored.
            if let value = variable(name), value.hasPrefix("/") { return value }
            return userHome + "/" + fallback
        }
        return AppDirectories(data: base("XDG_DATA_HOME", ".local/share") + "/lector",
                              config: base("XDG_CONFIG_HOME", ".config") + "/lector",
                              state: base("XDG_STATE_HOME", ".local/state") + "/lector",
                              cache: base("XDG_CACHE_HOME", ".cache") + "/lector",
                              systemdUser: base("XDG_CONFIG_HOME", ".config") + "/systemd/user")
    }

    /// The SQLite store.
    public var databasePath: String { data + "/lector.sqlite" }
    /// The REPL history.
    public var historyPath: String { state + "/history" }
    /// The log of automatic syncs.
    public var syncLogPath: String { state + "/sync.log" }
    /// The store's names kept for shell completion while the store is unchanged.
    public var completionNamesPath: String { cache + "/completion-names" }
    /// The user's own settings profiles.
    public var profilesDirectory: String { config + "/profiles" }

    /// Creates `path` (and parents) readable by the owner only. An existing `path` that group or
    /// others may write is refused, with advice, unless it is one of Lector's own folders
    /// (`lectorsOwn`: the data, config, state or cache folder, or one inside them) of this user,
    /// which is tightened to 0700 (another user could otherwise replace the store or plant links
    /// in it). A shared folder such as /tmp — others may write in it, and its sticky bit keeps
    /// their files apart — is never changed: as root, tightening it broke every other program
    /// on the machine.
    public static func ensureDirectory(_ path: String, lectorsOwn: Bool = false) throws(StoreError) {
        // Already there, a folder that only its owner may write in: nothing to make or tighten
        // (the walk below would end in the same checks after a mkdir per component).
        var existing = stat()
        if stat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFDIR, existing.st_mode & 0o022 == 0 { return }
        // mkdir -p by hand: FoundationEssentials' errors carry no readable description, strerror does.
        var made = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) == 0 {
                chmod(made, 0o700)  // whatever the umask
            } else if errno != EEXIST {
                throw .cannotCreateDirectory(path: path, reason: String(cString: strerror(errno)))
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw .cannotCreateDirectory(path: path, reason: "a file of that name is in the way")
        }
        guard info.st_mode & 0o022 != 0 else { return }
        if info.st_mode & S_ISVTX != 0 && info.st_mode & 0o002 != 0 {
            throw .cannotCreateDirectory(path: path, reason: "it is a folder every user may write in (like /tmp), which Lector leaves "
                                         + "as it is; make a private folder inside it (mkdir -m 700 \(path)/lector) and use that")
        }
        guard lectorsOwn else {
            throw .cannotCreateDirectory(path: path, reason: "group or others may write in it; remove their write permission "
                                         + "(chmod go-w \(path)) or use another folder")
        }
        guard info.st_uid == geteuid(), chmod(path, 0o700) == 0 else {
            throw .cannotCreateDirectory(path: path, reason: "other users may write in it and it cannot be made private (it is not yours); "
                                         + "remove the write permission of group and others, or use another folder")
        }
    }

    /// Creates an empty file with mode 0600 unless it exists, and makes an existing one 0600, so
    /// user data is never readable by others. A symbolic link in its place is refused, never
    /// followed: it would send what Lector writes wherever it points.
    public static func ensurePrivateFile(_ path: String) throws(StoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw privateFileError(path, errno) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & 0o077 != 0, fchmod(descriptor, 0o600) != 0 {
            throw .cannotCreateDirectory(path: path, reason: "others may read it and it cannot be made private: \(String(cString: strerror(errno)))")
        }
    }

    /// Replaces `path` with `data` in one step (a file beside it, renamed over it), mode 0600;
    /// a link at `path` is replaced, not followed.
    public static func writePrivateFile(_ data: Data, to path: String) throws(StoreError) {
        let failure = writePrivately(data, to: path, durable: false)
        guard failure == 0 else { throw privateFileError(path, failure) }
    }

    /// `writePrivateFile`, answering the errno of the first call that failed (0: written), for
    /// callers that name a full disk or a missing folder in their own words. `durable`: on the
    /// disk (fsync) before it replaces `path`, for files a person keeps (backups, exports).
    public static func writePrivately(_ data: Data, to path: String, durable: Bool) -> Int32 {
        let writer = PrivateFileWriter(path: path)
        writer.append(data)
        return writer.finish(durable: durable)
    }

    private static func privateFileError(_ path: String, _ code: Int32) -> StoreError {
        .cannotCreateDirectory(path: path, reason: code == ELOOP ? "it is a symbolic link, which Lector does not write through"
                                                                  : String(cString: strerror(code)))
    }
}
