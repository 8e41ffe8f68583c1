import FoundationEssentials
import LectorHTTP

/// Streams summaries from an OpenAI-compatible or Ollama endpoint, handing text over as it arrives.
public final class SummaryClient: Sendable {
    /// Generous limits: a local model may take a minute to load and several to write.
    public static let defaultConfiguration = HTTPClientConfiguration(
        deadline: .seconds(300), idleTimeout: .seconds(90), maxBodyBytes: 4 * 1024 * 1024)

    /// The deadline, idle timeout, body cap and User-Agent applied to every summary.
    public let configuration: HTTPClientConfiguration
    private let http: HTTPClient

    /// Creates a client; its connection is reused between summaries.
    public init(configuration: HTTPClientConfiguration = SummaryClient.defaultConfiguration) {
        self.configuration = configuration
        self.http = HTTPClient(configuration: configuration)
    }

    /// Sends `request`, calls `onText` with each piece of text as it arrives (on the HTTP client's
    /// transfer thread, in order, never after this returns), and returns the whole summary once the
    /// server says it is finished. Blocks the calling thread, never the concurrency pool.
    /// A stream that breaks off throws `.incomplete` with the text received.
    public func summarize(_ request: SummaryRequest,
                          onText: @escaping @Sendable (String) -> Void) throws(SummaryError) -> String {
        let httpRequest = try makeRequest(request)
        let transfer = SummaryTransfer(provider: request.provider, apiKey: request.apiKey, onText: onText)
        let started = ContinuousClock.now
        let result: Result<HTTPResponse, HTTPError>
        do {
            result = .success(try http.streamAndWait(httpRequest) { transfer.receive($0) })
        } catch {
            result = .failure(error)
        }
        let deadlinePassed = ContinuousClock.now - started >= configuration.deadline
        return try transfer.outcome(after: result, deadline: deadlinePassed ? configuration.deadline : nil).get()
    }

    private func makeRequest(_ request: SummaryRequest) throws(SummaryError) -> HTTPRequest {
        let url = request.endpoint
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw .notConfigured(setting: "summary.endpoint", reason: "the summary endpoint is not an http(s) URL")
        }
        if request.apiKey != nil && PlainHTTPRule.wouldExpose(url) {
            throw .notConfigured(setting: "summary.endpoint",
                                 reason: "the API key would travel unencrypted over http to \(host); use an https endpoint")
        }
        var headers: HTTPHeaders = [
            "Content-Type": "application/json",
            "Accept": request.provider == .openAI ? "text/event-stream" : "application/x-ndjson",
        ]
        if let key = request.apiKey { headers["Authorization"] = "Bearer \(key)" }
        // Never follow a redirect: a redirected POST loses its body, and the key stays with its host.
        return HTTPRequest(method: "POST", url: url, headers: headers, body: SummaryRequestBody.encode(request),
                           followRedirects: false)
    }
}
