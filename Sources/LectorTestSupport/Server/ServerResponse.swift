import Foundation

/// The response a handler returns; the server adds Content-Length and Connection.
public struct ServerResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields in the order they are sent.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A text body with the given content type.
    public static func text(_ text: String, status: Int = 200,
                            contentType: String = "text/plain; charset=UTF-8",
                            headers: [(name: String, value: String)] = []) -> ServerResponse {
        ServerResponse(status: status, headers: [(name: "Content-Type", value: contentType)] + headers,
                       body: Data(text.utf8))
    }

    /// A JSON body (PHP-style escaping optional) with the given content type.
    public static func json(_ value: JSONValue, status: Int = 200,
                            contentType: String = "application/json; charset=UTF-8",
                            style: JSONValue.Style = .unescaped,
                            headers: [(name: String, value: String)] = []) -> ServerResponse {
        ServerResponse(status: status, headers: [(name: "Content-Type", value: contentType)] + headers,
                       body: Data(value.utf8(style)))
    }

    /// An empty body with `status`.
    public static func empty(_ status: Int, headers: [(name: String, value: String)] = []) -> ServerResponse {
        ServerResponse(status: status, headers: headers)
    }

    /// A 404 with a short text body.
    public static var notFound: ServerResponse { .text("Not Found", status: 404) }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        let key = name.lowercased()
        return headers.first { $0.name.lowercased() == key }?.value
    }

    /// The body decoded as UTF-8.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// Standard reason phrases for the status line.
enum ReasonPhrase {
    static func of(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 300: return "Multiple Choices"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 410: return "Gone"
        case 415: return "Unsupported Media Type"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status"
        }
    }
}
