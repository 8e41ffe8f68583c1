import Foundation

extension HTTPClient {
    /// Sends `request` and blocks the calling thread until the outcome is known. The CLI and the
    /// sync engine are sequential and own a store that must stay on one thread; the request runs
    /// on the concurrency pool meanwhile, so this must not be called from inside a task.
    public func sendAndWait(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        let outcome = BlockingOutcome()
        Task { [self] in
            do throws(HTTPError) {
                outcome.finish(.success(try await send(request)))
            } catch {
                outcome.finish(.failure(error))
            }
        }
        return try outcome.wait().get()
    }
}

/// A one-shot result handed from a task to a waiting thread.
private final class BlockingOutcome: @unchecked Sendable {
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
