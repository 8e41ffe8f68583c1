import FoundationEssentials
import Glibc
import LectorBasics
import LectorStore

/// The names shell completion reads from the store (accounts, feeds, folders, labels, rules,
/// saved searches), kept in one small file in Lector's cache folder for as long as the store's
/// files are unchanged (`StoreFileStamp`). A Tab then costs two `stat` calls and this file
/// instead of opening SQLite, whose parse of the store's schema alone was a third of a
/// completion's instructions.
///
/// It cannot go stale: the file is used only when the stamp it was written under is the store's
/// stamp now, and written only under a settled stamp — one taken a second or more after the last
/// write — checked again after the names were read. Anything unreadable is a miss, never an error.
final class CompletionNameCache {
    private let directories: AppDirectories
    private let now: () -> Double
    private var path: String { directories.completionNamesPath }
    /// The store's stamp when first asked, before anything was read from it.
    private lazy var stamp: StoreFileStamp? = StoreFileStamp.current(databasePath: directories.databasePath)
    /// A few entries (one per kind of name and `--account`), looked through in order: a
    /// dictionary of them made the run-time look up String's Hashable conformance across the
    /// whole binary at every Tab (0.25 M instructions).
    private lazy var entries: [Entry] = load()
    private var changed = false

    /// The file's first line: its format and the binary that wrote it (another Lector may describe names otherwise).
    static let header = "lector completion names 1 \(LectorVersion.current)"

    init(directories: AppDirectories, now: @escaping () -> Double = { Date().timeIntervalSince1970 }) {
        self.directories = directories
        self.now = now
    }

    /// The names kept under `key`, or those `read` answers (kept for next time); nil when
    /// `read` has none (no store).
    func names(_ key: String, read: () -> [Candidate]?) -> CandidateList? {
        if let kept = entries.first(where: { $0.key == key }) { return kept.list }
        guard let fresh = read() else { return nil }
        entries.append(Entry(key: key, list: .made(fresh)))
        changed = true
        return .made(fresh)
    }

    /// Writes what was read this time, if the store's stamp allows (see the type's comment).
    func save() {
        guard changed, let stamp, stamp.isSettled(now: now()),
              StoreFileStamp.current(databasePath: directories.databasePath) == stamp,
              (try? AppDirectories.ensureDirectory(directories.cache, lectorsOwn: true)) != nil
        else { return }
        var bytes = Array((Self.header + "\n" + stamp.text + "\n").utf8)
        for entry in entries {
            Self.append(entry.key, to: &bytes)
            switch entry.list {
            case .made(let candidates):
                Self.append(String(candidates.count), to: &bytes)
                for candidate in candidates {
                    Self.append(candidate.value, to: &bytes)
                    Self.append(candidate.help, to: &bytes)
                }
            case .kept(let names):
                Self.append(String(names.count), to: &bytes)
                names.forEach { value, help in
                    Self.append(value, to: &bytes)
                    Self.append(help, to: &bytes)
                }
            }
        }
        // A cache that cannot be written only means the next Tab reads the store again.
        _ = AppDirectories.writePrivately(Data(bytes), to: path, durable: false)
    }

    private struct Entry {
        let key: String
        let list: CandidateList
    }

    private func load() -> [Entry] {
        guard let stamp, let bytes = Self.contents(of: path) else { return [] }
        let expected = Array((Self.header + "\n" + stamp.text + "\n").utf8)
        guard bytes.count >= expected.count, bytes[..<expected.count].elementsEqual(expected) else { return [] }
        var reader = Reader(bytes: bytes, offset: expected.count)
        var entries: [Entry] = []
        while !reader.atEnd {
            guard let key = reader.string(), let count = reader.string().flatMap({ Int($0) }), count >= 0 else { return [] }
            // Located, not decoded: most Tabs print the names as they are (`CandidateList`).
            var offsets: [Int] = []
            offsets.reserveCapacity(4 * min(count, 100_000))
            for _ in 0..<count {
                guard let value = reader.range(), let help = reader.range() else { return [] }
                offsets.append(value.lowerBound)
                offsets.append(value.upperBound)
                offsets.append(help.lowerBound)
                offsets.append(help.upperBound)
            }
            entries.append(Entry(key: key, list: .kept(KeptNames(bytes: bytes, offsets: offsets))))
        }
        return entries
    }

    /// Each string as its length in bytes, a colon, and the bytes: names may hold any character.
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &bytes) }
    }

    private static func append(_ utf8: some Collection<UInt8>, to bytes: inout [UInt8]) {
        appendDecimal(utf8.count, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(contentsOf: utf8)
    }

    /// `number`'s digits, without making a String of them (a thousand names, two numbers each).
    private static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        while number / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
            divisor /= 10
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset: Int
        var atEnd: Bool { offset >= bytes.count }

        mutating func string() -> String? {
            range().map { String(decoding: bytes[$0], as: UTF8.self) }
        }

        /// Where the next string's bytes are, read past them.
        mutating func range() -> Range<Int>? {
            var length = 0
            while offset < bytes.count, bytes[offset] != UInt8(ascii: ":") {
                let digit = Int(bytes[offset]) - 48
                guard (0...9).contains(digit), length < 100_000_000 else { return nil }
                length = length * 10 + digit
                offset += 1
            }
            guard offset < bytes.count, bytes.count - offset - 1 >= length else { return nil }
            let start = offset + 1
            offset = start + length
            return start..<offset
        }
    }

    /// The file's bytes; nil when it is missing, a link or unreadable.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            filled += got
        }
        return bytes
    }
}
