import Foundation

/// The canned replies FreshRSS 1.24 sends, with its header spellings (see the recorded fixtures).
enum FreshRSSReply {
    static let cors: [(name: String, value: String)] = [
        (name: "Access-Control-Allow-Headers", value: "Authorization"),
        (name: "Access-Control-Allow-Methods", value: "GET, POST"),
        (name: "Access-Control-Allow-Origin", value: "*"),
        (name: "Access-Control-Max-Age", value: "600"),
    ]

    /// `text/plain` error bodies such as "Bad Request!" (GReader adds CORS headers).
    static func error(_ status: Int, extra: [(name: String, value: String)] = [], cors: Bool = true) -> ServerResponse {
        let body = "\(ReasonPhrase.of(status))!"
        return ServerResponse(status: status,
                              headers: (cors ? self.cors : []) + [(name: "Content-Type", value: "text/plain; charset=UTF-8")] + extra,
                              body: Data(body.utf8))
    }

    /// 401 "Unauthorized!" with `Google-Bad-Token: true`.
    static var unauthorized: ServerResponse { error(401, extra: [(name: "Google-Bad-Token", value: "true")]) }

    /// A body labelled `text/html` (PHP's default), as FreshRSS does for OK, token, user-info and quickadd.
    static func html(_ text: String) -> ServerResponse {
        ServerResponse(status: 200, headers: cors + [(name: "Content-type", value: "text/html; charset=UTF-8")],
                       body: Data(text.utf8))
    }

    /// A body labelled `text/plain`.
    static func plain(_ text: String) -> ServerResponse {
        ServerResponse(status: 200, headers: cors + [(name: "Content-Type", value: "text/plain; charset=UTF-8")],
                       body: Data(text.utf8))
    }

    /// A JSON body labelled `application/json`.
    static func json(_ value: JSONValue, newline: Bool, style: JSONValue.Style = .unescaped, cors: Bool = true) -> ServerResponse {
        ServerResponse(status: 200,
                       headers: (cors ? self.cors : []) + [(name: "Content-Type", value: "application/json; charset=UTF-8")],
                       body: Data(value.utf8(style) + (newline ? [UInt8(ascii: "\n")] : [])))
    }

    /// FreshRSS replaces these characters in titles with full-width look-alikes.
    static func escapeTitle(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "＆").replacingOccurrences(of: "<", with: "＜")
            .replacingOccurrences(of: ">", with: "＞")
    }
}
