import FoundationEssentials
import Glibc

/// Where JSON text comes from: bytes already in memory, or a file read a chunk at a time (never
/// whole, never mapped), so a large document can be walked in bounded memory and read again.
public enum JSONSource: Sendable, Equatable {
    case bytes(Data)
    case file(String)
}

/// A place in a JSON text: where a value starts, to read it again, and to report it.
public struct JSONPosition: Sendable, Equatable {
    /// 0-based byte offset.
    public var offset = 0
    /// 1-based line and column (in characters), as `JSONParseError` reports them.
    public var line = 1
    public var column = 1
}

/// The bytes of a `JSONSource` from a position on, in chunks of 64 KiB, with the position of
/// the next byte kept as it advances. A file that fails to read ends early (`readFailed`).
final class JSONByteStream {
    private static let chunkSize = 1 << 16
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var index = 0
    private var atEnd = false
    /// The next byte's place.
    private(set) var position: JSONPosition
    /// The file could not be opened or read; the text ends where reading stopped.
    private(set) var readFailed = false

    init(_ source: JSONSource, from start: JSONPosition = JSONPosition()) {
        position = start
        switch source {
        case .bytes(let bytes):
            descriptor = -1
            buffer = Array(bytes.dropFirst(start.offset))
            atEnd = true
        case .file(let path):
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 || lseek(descriptor, off_t(start.offset), SEEK_SET) < 0 { readFailed = true; atEnd = true }
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The byte `ahead` places after the next one, reading more of the file when needed.
    func peek(_ ahead: Int = 0) -> UInt8? {
        while index + ahead >= buffer.count {
            guard refill() else { return nil }
        }
        return buffer[index + ahead]
    }

    /// Moves past the next byte.
    func advance() {
        guard let byte = peek() else { return }
        index += 1
        position.offset += 1
        if byte == 0x0A {
            position.line += 1
            position.column = 1
        } else if byte & 0xC0 != 0x80 {
            position.column += 1
        }
    }

    /// Keeps what is left of the buffer and appends the next chunk of the file.
    private func refill() -> Bool {
        guard !atEnd else { return false }
        if index > 0 {
            buffer.removeFirst(index)
            index = 0
        }
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
                readFailed = count < 0
                return false
            }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }
}
