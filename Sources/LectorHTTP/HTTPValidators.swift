/// Cache validators from a previous response, for conditional GETs.
public struct HTTPValidators: Sendable, Equatable, Codable {
    /// The `ETag` value, sent back as `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified` value, sent back verbatim as `If-Modified-Since`.
    public var lastModified: String?

    /// Creates validators; either may be nil.
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// True when there is nothing to validate with.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

extension HTTPRequest {
    /// This request with `If-None-Match` / `If-Modified-Since` set from `validators`.
    public func conditional(on validators: HTTPValidators) -> HTTPRequest {
        var copy = self
        if let etag = validators.etag { copy.headers["If-None-Match"] = etag }
        if let date = validators.lastModified { copy.headers["If-Modified-Since"] = date }
        return copy
    }
}
