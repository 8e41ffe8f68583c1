import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The mutable state of one in-flight request; always accessed under `SessionDelegate`'s lock.
final class TransferState {
    let originalURL: URL
    let host: String
    let maxBodyBytes: Int
    let maxRedirects: Int
    let followRedirects: Bool
    var response: HTTPURLResponse?
    var body = Data()
    var redirects = 0
    /// Set when we end the task ourselves (deadline, cap, cancel); later chunks are dropped.
    var failure: HTTPError?
    var outcome: Result<HTTPResponse, HTTPError>?
    /// Who is waiting for the outcome: an async caller's continuation or a blocked thread.
    var waiter: (@Sendable (Result<HTTPResponse, HTTPError>) -> Void)?

    init(url: URL, maxBodyBytes: Int, maxRedirects: Int, followRedirects: Bool) {
        self.followRedirects = followRedirects
        self.originalURL = url
        self.host = url.host ?? "?"
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
    }

    /// Records the outcome and returns the waiter to call, if one is waiting.
    func finish(_ result: Result<HTTPResponse, HTTPError>) -> (@Sendable (Result<HTTPResponse, HTTPError>) -> Void)? {
        guard outcome == nil else { return nil }
        outcome = result
        defer { waiter = nil }
        return waiter
    }
}
