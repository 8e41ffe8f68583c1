import Foundation

/// A one-shot result handed from URLSession's delegate thread to a waiting thread.
final class BlockingOutcome: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var result: Result<HTTPResponse, HTTPError>?

    func finish(_ result: Result<HTTPResponse, HTTPError>) {
        self.result = result
        semaphore.signal()
    }

    func wait() -> Result<HTTPResponse, HTTPError> {
        semaphore.wait()
        // The semaphore orders the write before this read.
        return result!
    }
}
