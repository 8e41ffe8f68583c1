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
    var continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>?

    init(url: URL, maxBodyBytes: Int, maxRedirects: Int, followRedirects: Bool) {
        self.followRedirects = followRedirects
        self.originalURL = url
        self.host = url.host ?? "?"
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
    }

    /// Records the outcome and returns the continuation to resume, if it is waiting.
    func finish(_ result: Result<HTTPResponse, HTTPError>) -> CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>? {
        guard outcome == nil else { return nil }
        outcome = result
        defer { continuation = nil }
        return continuation
    }
}
