import Foundation
import LectorBasics

/// One request as the loopback server received it.
public struct ServerRequest: Sendable {
    /// The method, e.g. "GET".
    public var method: String
    /// The path exactly as sent (still percent-encoded), without the query.
    public var path: String
    /// The raw query string (after `?`), or nil when there was none.
    public var query: String?
    /// Header fields in arrival order, names as sent.
    public var headers: [(name: String, value: String)]
    /// The request body (Content-Length bytes).
    public var body: Data

    /// Creates a request value (mostly for handler unit tests).
    public init(method: String, path: String, query: String? = nil,
                headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        let key = name.lowercased()
        return headers.first { $0.name.lowercased() == key }?.value
    }

    /// Removes every header called `name` (case-insensitive).
    public mutating func removeHeader(_ name: String) {
        let key = name.lowercased()
        headers.removeAll { $0.name.lowercased() == key }
    }

    /// The path with percent-escapes decoded.
    public var decodedPath: String { path.removingPercentEncoding ?? path }

    /// Decoded query parameters in order; `?api&x=1` gives ("api", "") and ("x", "1").
    public var queryItems: [(name: String, value: String)] { FormDecoding.decode(query ?? "") }

    /// Decoded form fields of an `application/x-www-form-urlencoded` body (empty otherwise).
    public var formItems: [(name: String, value: String)] {
        guard let type = header("Content-Type")?.lowercased() else {
            return body.isEmpty ? [] : FormDecoding.decode(String(decoding: body, as: UTF8.self))
        }
        guard type.hasPrefix("application/x-www-form-urlencoded") else { return [] }
        return FormDecoding.decode(String(decoding: body, as: UTF8.self))
    }

    /// The first query value for `name`.
    public func queryValue(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }

    /// The first form value for `name`.
    public func formValue(_ name: String) -> String? { formItems.first { $0.name == name }?.value }

    /// The body decoded as UTF-8.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// Decodes `application/x-www-form-urlencoded` text (also used for query strings).
public enum FormDecoding {
    /// Splits `text` on `&` and decodes `+` and percent-escapes in names and values.
    public static func decode(_ text: String) -> [(name: String, value: String)] {
        // An ASCII text (every form Lector sends: it escapes the rest) is split in bytes, at the
        // same places as its letters; any other text a letter at a time.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.split(separator: UInt8(ascii: "&")).map { pair in
                let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                let name = unescape(String(decoding: parts[0], as: UTF8.self))
                let value = parts.count > 1 ? unescape(String(decoding: parts[1], as: UTF8.self)) : ""
                return (name: name, value: value)
            }
        }
        return text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(String(parts[0]))
            let value = parts.count > 1 ? unescape(String(parts[1])) : ""
            return (name: name, value: value)
        }
    }

    /// Decodes `+` as space and then percent-escapes (a malformed escape or bytes that are not
    /// UTF-8 leave the text as it is, as `removingPercentEncoding` does). In bytes, not through
    /// Foundation's string bridging: an edit-tag of 1,000 ids is 2,000 of these, and the
    /// bridged route made the emulator slower than the PHP server it stands for.
    public static func unescape(_ text: String) -> String {
        let plus = UInt8(ascii: "+"), percent = UInt8(ascii: "%")
        guard text.utf8.contains(where: { $0 == plus || $0 == percent }) else { return text }
        let spaced = String(decoding: text.utf8.map { $0 == plus ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        return spaced.percentDecoded ?? spaced
    }
}
