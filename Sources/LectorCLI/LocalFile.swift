import FoundationEssentials
import Glibc
import LectorSettings

/// Reading a file named on the command line with a ceiling checked before anything is read: the
/// size of a regular file from its metadata, and for anything else (a FIFO, /dev/zero) by reading
/// at most one byte past the limit. A file over the limit is refused with one line, exit 1.
enum LocalFile {
    /// The ceilings, by what the file is meant to be. Far above any real file of its kind.
    enum Kind {
        case feed, opml, backup, page

        var limit: Int {
            switch self {
            case .feed: 32 << 20
            case .opml: 8 << 20
            case .backup: 64 << 20
            case .page: 16 << 20
            }
        }

        var name: String {
            switch self {
            case .feed: "feed file"
            case .opml: "OPML file"
            case .backup: "backup file"
            case .page: "page"
            }
        }
    }

    /// The file's bytes; a file that cannot be opened is refused with the system's reason
    /// ("No such file or directory": exit 3; anything else: exit 1).
    static func read(_ path: String, as kind: Kind) throws(CLIError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path, errno) }
        if status.st_mode & S_IFMT == S_IFDIR { throw unreadable(path, EISDIR) }
        if status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) > kind.limit { throw tooLarge(path, kind) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= kind.limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path, errno)
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        guard data.count <= kind.limit else { throw tooLarge(path, kind) }
        return data
    }

    /// A backup as its reader takes it: a regular file by its path, read a chunk at a time when
    /// it is read (under the same ceiling), anything else (a FIFO, a device) read here first.
    static func backup(_ path: String) throws(CLIError) -> JSONSource {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, errno) }
        var status = stat()
        let regular = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        close(descriptor)
        guard regular else { return .bytes(try read(path, as: .backup)) }
        if Int(status.st_size) > Kind.backup.limit { throw tooLarge(path, .backup) }
        return .file(path)
    }

    private static func unreadable(_ path: String, _ code: Int32) -> CLIError {
        let message = "cannot read '\(path)': \(String(cString: strerror(code)))"
        return code == ENOENT ? .notFound(message) : .failure(message)
    }

    private static func tooLarge(_ path: String, _ kind: Kind) -> CLIError {
        .failure("'\(path)' is larger than \(kind.limit >> 20) MB, more than any \(kind.name) Lector reads; nothing was read")
    }
}
