import FoundationEssentials

/// A piece of a response body handed to a streaming caller as it arrives, with the response's head.
public struct HTTPBodyChunk: Sendable {
    /// The status of the response the body belongs to.
    public let status: Int
    /// Its header fields.
    public let headers: HTTPHeaders
    /// The decoded bytes that just arrived.
    public let data: Data
}
