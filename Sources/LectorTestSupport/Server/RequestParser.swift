import Foundation

/// Reads HTTP/1.1 requests (Content-Length bodies) from a connection.
struct RequestParser {
    private let io: SocketIO
    private var buffer: [UInt8] = []
    private static let headEnd: [UInt8] = Array("\r\n\r\n".utf8)
    private static let maxHead = 1 << 20

    init(io: SocketIO) { self.io = io }

    /// The next request, or nil when the peer closed or sent garbage.
    mutating func next() -> (request: ServerRequest, keepAlive: Bool)? {
        var end: Int?
        while true {
            end = Self.find(Self.headEnd, in: buffer)
            if end != nil { break }
            if buffer.count > Self.maxHead || !io.read(into: &buffer) { return nil }
        }
        guard let headEnd = end else { return nil }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (name: String(line[..<colon]),
                    value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var request = ServerRequest(method: String(requestLine[0]), path: "", headers: headers)
        let target = String(requestLine[1])
        if let mark = target.firstIndex(of: "?") {
            request.path = String(target[..<mark])
            request.query = String(target[target.index(after: mark)...])
        } else {
            request.path = target
        }
        if request.header("Expect")?.lowercased() == "100-continue" {
            io.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        let length = Int(request.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length {
            if !io.read(into: &buffer) { return nil }
        }
        request.body = Data(buffer[0..<length])
        buffer.removeFirst(length)
        let connection = request.header("Connection")?.lowercased()
        let http10 = requestLine.count > 2 && requestLine[2] == "HTTP/1.0"
        let keepAlive = http10 ? connection == "keep-alive" : connection != "close"
        return (request, keepAlive)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0] && Array(haystack[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}
