import Foundation

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

    static func read(_ path: String, as kind: Kind) throws(CLIError) -> Data {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else { throw .notFound("cannot read '\(path)'") }
        var expected = kind.limit
        if attributes[.type] as? FileAttributeType == .typeRegular, let size = (attributes[.size] as? NSNumber)?.intValue {
            guard size <= kind.limit else { throw tooLarge(path, kind) }
            expected = size
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .notFound("cannot read '\(path)'") }
        defer { try? handle.close() }
        let data: Data
        // One byte past what is expected: a file that grew since, or a device, still stops at the limit.
        do { data = try handle.read(upToCount: min(expected, kind.limit) + 1) ?? Data() } catch { throw .notFound("cannot read '\(path)'") }
        guard data.count <= kind.limit else { throw tooLarge(path, kind) }
        return data
    }

    private static func tooLarge(_ path: String, _ kind: Kind) -> CLIError {
        .failure("'\(path)' is larger than \(kind.limit >> 20) MB, more than any \(kind.name) Lector reads; nothing was read")
    }
}
