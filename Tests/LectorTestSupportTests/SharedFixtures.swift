import Foundation

/// Finds the shared corpora: $LECTOR_SHARED, else `../shared` beside the repository root.
enum SharedFixtures {
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["LECTOR_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repoRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    static var fixtures: URL { root.appendingPathComponent("fixtures") }

    /// True when the recorded FreshRSS exchanges are available.
    static var available: Bool {
        FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("greader").path)
            && FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("fever").path)
    }

    /// True when the recordings of `api` (a directory of fixtures/) are available.
    static func has(_ api: String) -> Bool {
        FileManager.default.fileExists(atPath: fixtures.appendingPathComponent(api).path)
    }

    /// The recorded exchanges of `api` ("greader" or "fever"), in file order.
    static func exchanges(_ api: String) throws -> [RecordedExchange] {
        let directory = fixtures.appendingPathComponent(api)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".txt") }.sorted()
        return try names.map { try RecordedExchange(contentsOf: directory.appendingPathComponent($0)) }
    }
}

/// One recorded request/response pair (format: fixtures/README.md).
struct RecordedExchange {
    let name: String
    let method: String
    let target: String
    let requestHeaders: [(name: String, value: String)]
    let requestBody: String
    let status: Int
    let responseHeaders: [(name: String, value: String)]
    let responseBody: String

    /// The two-digit file number, e.g. "05".
    var number: String { String(name.prefix(2)) }

    init(contentsOf url: URL) throws {
        name = url.lastPathComponent
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let requestMark = text.range(of: ">>> REQUEST\n"), let responseMark = text.range(of: "\n<<< RESPONSE\n") else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let request = String(text[requestMark.upperBound..<responseMark.lowerBound])
        let (requestHead, body) = Self.split(request)
        requestBody = body
        var requestLines = requestHead.split(separator: "\n").map(String.init)
        let line = requestLines.removeFirst().split(separator: " ", maxSplits: 1).map(String.init)
        method = line[0]
        target = line[1]
        requestHeaders = requestLines.compactMap(Self.header)
        let (responseHead, responseText) = Self.split(String(text[responseMark.upperBound...]))
        responseBody = responseText
        var responseLines = responseHead.split(separator: "\n").map(String.init)
        status = Int(responseLines.removeFirst().split(separator: " ")[1]) ?? 0
        responseHeaders = responseLines.compactMap(Self.header)
    }

    func responseHeader(_ name: String) -> String? {
        responseHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    private static func split(_ text: String) -> (head: String, body: String) {
        guard let blank = text.range(of: "\n\n") else { return (text.trimmingCharacters(in: .newlines), "") }
        return (String(text[..<blank.lowerBound]), String(text[blank.upperBound...]))
    }

    private static func header(_ line: String) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
}

/// The exchanges the project recorded itself from a real FreshRSS (Tests/LectorTestSupportTests/
/// Fixtures/<api>, same format as the shared ones): what no shared recording covers.
enum ProjectFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func exchanges(_ api: String) throws -> [RecordedExchange] {
        let directory = root.appendingPathComponent(api)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".txt") }.sorted()
        return try names.map { try RecordedExchange(contentsOf: directory.appendingPathComponent($0)) }
    }
}
