import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LectorHTTP

/// Streams summaries from an OpenAI-compatible or Ollama endpoint, handing text over as it arrives.
public final class SummaryClient: Sendable {
    /// Generous limits: a local model may take a minute to load and several to write.
    public static let defaultConfiguration = HTTPClientConfiguration(
        deadline: .seconds(300), idleTimeout: .seconds(90), maxBodyBytes: 4 * 1024 * 1024)

    /// The deadline, idle timeout, body cap and User-Agent applied to every summary.
    public let configuration: HTTPClientConfiguration

    /// Deadlines fire on a queue of their own, which gets a thread even while the caller blocks.
    private static let deadlines = DispatchQueue(label: "lector.summary.deadlines")
    /// Where URLSession delegate callbacks (and so `onText`) run; see `delegateQueue()`.
    private static let callbacks = DispatchQueue(label: "lector.summary.callbacks")

    /// Creates a client; each summary gets its own URLSession.
    public init(configuration: HTTPClientConfiguration = SummaryClient.defaultConfiguration) {
        self.configuration = configuration
    }

    /// Sends `request`, calls `onText` with each piece of text as it arrives (on a URLSession
    /// thread, in order), and returns the whole summary once the server says it is finished.
    /// Blocks the calling thread on a semaphore released by the URLSession delegate, never on the
    /// concurrency pool. A stream that breaks off throws `.incomplete` with the text received.
    public func summarize(_ request: SummaryRequest,
                          onText: @escaping @Sendable (String) -> Void) throws(SummaryError) -> String {
        let urlRequest = try makeURLRequest(request)
        let host = request.endpoint.host ?? "?"
        let transfer = SummaryTransfer(provider: request.provider, host: host, apiKey: request.apiKey,
                                       maxBodyBytes: configuration.maxBodyBytes, callbacks: Self.callbacks, onText: onText)
        let session = URLSession(configuration: sessionConfiguration(), delegate: transfer, delegateQueue: Self.delegateQueue())
        // The session keeps its delegate alive until invalidated.
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: urlRequest)
        let seconds = Self.seconds(configuration.deadline)
        // URLSession's resource timeout is ignored on Linux, so the deadline is ours to enforce.
        let timer = DispatchWorkItem {
            transfer.abort(task) { partial, streaming in
                streaming ? .incomplete(partial: partial, reason: "the \(Int(seconds.rounded()))-second deadline passed")
                          : .network(.timedOut(host: host))
            }
        }
        Self.deadlines.asyncAfter(deadline: .now() + seconds, execute: timer)
        defer { timer.cancel() }
        task.resume()
        return try transfer.wait().get()
    }

    private func makeURLRequest(_ request: SummaryRequest) throws(SummaryError) -> URLRequest {
        let url = request.endpoint
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw .notConfigured(setting: "summary.endpoint", reason: "the summary endpoint is not an http(s) URL")
        }
        if request.apiKey != nil && scheme == "http" && !Self.isLoopback(host) {
            throw .notConfigured(setting: "summary.endpoint",
                                 reason: "the API key would travel unencrypted over http to \(host); use an https endpoint")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = "POST"
        urlRequest.timeoutInterval = max(1, Self.seconds(configuration.idleTimeout).rounded(.up))
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.httpShouldHandleCookies = false
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue(request.provider == .openAI ? "text/event-stream" : "application/x-ndjson",
                            forHTTPHeaderField: "Accept")
        urlRequest.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        if let key = request.apiKey { urlRequest.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        urlRequest.httpBody = SummaryRequestBody.encode(request)
        return urlRequest
    }

    private func sessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.timeoutIntervalForRequest = max(1, Self.seconds(self.configuration.idleTimeout).rounded(.up))
        return configuration
    }

    /// Callbacks run on a private serial dispatch queue. The default delegate queue draws on the
    /// shared worker pool, which on Linux grows only about once a second while its threads sit
    /// blocked (as a blocking caller's may): tokens then arrive in bursts instead of as they come.
    private static func delegateQueue() -> OperationQueue {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        // `underlyingQueue` is unowned in corelibs: the queue must be kept alive elsewhere.
        queue.underlyingQueue = callbacks
        return queue
    }

    private static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        return name == "localhost" || name.hasSuffix(".localhost") || name == "::1" || name == "[::1]"
            || name.hasPrefix("127.")
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (whole, attos) = duration.components
        return Double(whole) + Double(attos) / 1e18
    }
}
