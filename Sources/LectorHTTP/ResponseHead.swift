/// The status line and header fields of one response, built from the raw lines libcurl hands over.
/// A 1xx interim response is replaced by the response that follows it.
struct ResponseHead {
    private(set) var status = 0
    private(set) var fields: [(String, String)] = []
    /// True once the blank line after a final (non-1xx) header block arrived.
    private(set) var isComplete = false

    /// Takes one header line as received (CR LF included).
    mutating func take(line bytes: UnsafeRawBufferPointer) {
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            self = ResponseHead()
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        } else if line.isEmpty {
            isComplete = status >= 200
        } else if line.first == " " || line.first == "\t", let last = fields.popLast() {
            // obs-fold: a continuation of the previous field's value.
            fields.append((last.0, last.1 + " " + line.trimmingWhitespace()))
        } else if let colon = line.firstIndex(of: ":") {
            fields.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingWhitespace()))
        }
    }

    var headers: HTTPHeaders { HTTPHeaders(fields) }

    /// The declared body length, when the server sent a valid one.
    var contentLength: Int? {
        headers["Content-Length"].flatMap { Int($0) }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
