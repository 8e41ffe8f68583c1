import Foundation

/// Helpers shared by the JSON REST emulators (Miniflux, Feedbin).
enum REST {
    /// The path split on "/" without empty parts, e.g. ["v1", "feeds", "3"].
    static func segments(_ request: ServerRequest) -> [String] {
        request.decodedPath.split(separator: "/").map(String.init)
    }

    /// "METHOD a/:id/b" for the path segments, with the first numeric segment as `id`.
    static func route(_ method: String, _ segments: [String]) -> (pattern: String, id: Int64?) {
        let pattern = segments.map { Int64($0) != nil ? ":id" : $0 }.joined(separator: "/")
        return ("\(method) \(pattern)", segments.lazy.compactMap { Int64($0) }.first)
    }

    /// The request body parsed as a JSON object (nil if absent or not an object).
    static func object(_ request: ServerRequest) -> [String: Any]? {
        guard !request.body.isEmpty else { return nil }
        return (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
    }

    /// (user, password) from `Authorization: Basic …`.
    static func basicCredentials(_ request: ServerRequest) -> (String, String)? {
        guard let header = request.header("Authorization"), header.hasPrefix("Basic "),
              let data = Data(base64Encoded: String(header.dropFirst(6))),
              let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":") else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// Integers from a JSON array of numbers.
    static func int64s(_ value: Any?) -> [Int64]? {
        guard let array = value as? [Any] else { return nil }
        return array.compactMap { ($0 as? NSNumber)?.int64Value }
    }

    /// A JSON reply labelled `application/json`.
    static func json(_ value: JSONValue, status: Int = 200, headers: [(name: String, value: String)] = []) -> ServerResponse {
        .json(value, status: status, contentType: "application/json", headers: headers)
    }

    /// ISO 8601 in UTC with a `Z`.
    static func iso8601(seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// ISO 8601 with microseconds, from a µs timestamp (Feedbin `created_at` style).
    static func iso8601(micros: Int64) -> String {
        let seconds = micros / 1_000_000
        let base = iso8601(seconds: seconds).dropLast()
        return "\(base).\(String(format: "%06d", Int(micros % 1_000_000)))Z"
    }
}
