import Foundation
import Synchronization

/// Serves registered paths (feeds, pages, redirects) with ETag / Last-Modified validation,
/// answering 304 when the client's validators match. Contents can change while serving.
public final class StaticSite: Sendable {
    /// One served document.
    public struct Resource: Sendable {
        /// The body bytes.
        public var body: Data
        /// The Content-Type header value.
        public var contentType: String
        /// The ETag to send (quoted as given), or nil.
        public var etag: String?
        /// The modification time to send as Last-Modified, or nil.
        public var lastModified: Date?
        /// Extra headers, e.g. Cache-Control.
        public var headers: [(name: String, value: String)]
    }

    private enum Entry {
        case resource(Resource)
        case redirect(status: Int, location: String)
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// Creates an empty site.
    public init() {}

    /// Serves `body` at `path` (a path, optionally with "?query" to match exactly).
    public func serve(_ path: String, body: Data, contentType: String, etag: String? = nil,
                      lastModified: Date? = nil, headers: [(name: String, value: String)] = []) {
        let resource = Resource(body: body, contentType: contentType, etag: etag,
                                lastModified: lastModified, headers: headers)
        entries.withLock { $0[path] = .resource(resource) }
    }

    /// Serves text at `path`.
    public func serve(_ path: String, text: String, contentType: String = "text/plain; charset=utf-8",
                      etag: String? = nil, lastModified: Date? = nil) {
        serve(path, body: Data(text.utf8), contentType: contentType, etag: etag, lastModified: lastModified)
    }

    /// Redirects `path` to `location` (absolute URL or path) with `status`.
    public func redirect(_ path: String, to location: String, status: Int = 302) {
        entries.withLock { $0[path] = .redirect(status: status, location: location) }
    }

    /// Stops serving `path` (it then answers 404).
    public func remove(_ path: String) {
        entries.withLock { _ = $0.removeValue(forKey: path) }
    }

    /// A handler to pass to `LoopbackServer`.
    public var handler: @Sendable (ServerRequest) -> ServerResponse {
        { [self] request in respond(to: request) }
    }

    /// Answers one request: 200, 304, a redirect, 404, or 405 for non-GET/HEAD.
    public func respond(to request: ServerRequest) -> ServerResponse {
        let key = request.query.map { "\(request.path)?\($0)" }
        let entry: Entry? = entries.withLock { entries in key.flatMap { entries[$0] } ?? entries[request.path] }
        guard let entry else { return .notFound }
        switch entry {
        case .redirect(let status, let location):
            return .empty(status, headers: [(name: "Location", value: location)])
        case .resource(let resource):
            guard request.method == "GET" || request.method == "HEAD" else {
                return .text("Method Not Allowed", status: 405)
            }
            var headers = resource.headers
            if let etag = resource.etag { headers.append((name: "ETag", value: etag)) }
            if let date = resource.lastModified { headers.append((name: "Last-Modified", value: HTTPDateFormat.format(date))) }
            if Self.notModified(request, resource) { return .empty(304, headers: headers) }
            headers.insert((name: "Content-Type", value: resource.contentType), at: 0)
            return ServerResponse(status: 200, headers: headers, body: resource.body)
        }
    }

    /// RFC 9110 §13.2.2: If-None-Match wins over If-Modified-Since.
    private static func notModified(_ request: ServerRequest, _ resource: Resource) -> Bool {
        if let match = request.header("If-None-Match") {
            guard let etag = resource.etag else { return false }
            let wanted = weak(etag)
            return match.split(separator: ",").contains {
                let candidate = $0.trimmingCharacters(in: .whitespaces)
                return candidate == "*" || weak(candidate) == wanted
            }
        }
        if let since = request.header("If-Modified-Since"), let modified = resource.lastModified,
           let date = HTTPDateFormat.parse(since) {
            return modified.timeIntervalSince1970.rounded(.down) <= date.timeIntervalSince1970
        }
        return false
    }

    private static func weak(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
