import FoundationEssentials
import LectorHTTP

/// One summary stream: decodes tokens from body chunks as they arrive, passes each to `onText`,
/// keeps the start of the body (for an error message, or a server ignoring `stream`), and turns
/// the HTTP outcome into the summary or a `SummaryError`.
/// `receive` runs on the HTTP client's transfer thread, `outcome` after the transfer has ended;
/// the client's completion hand-off orders the two, so no lock is needed.
// Unchecked: confined to the transfer thread, then handed over by the client's completion (see above).
final class SummaryTransfer: @unchecked Sendable {
    /// How much of the body is kept whole: an error body's message, or a server ignoring `stream`.
    private static let maxKeptBodyBytes = 64 * 1024

    private let onText: @Sendable (String) -> Void
    private let apiKey: String?
    private var decoder: StreamDecoder
    private var status: Int?
    private var keptBody = Data()
    private var text = ""
    private var sawDone = false
    /// An error event inside the stream ended it.
    private var streamFailure: SummaryError?

    init(provider: SummaryRequest.Provider, apiKey: String?, onText: @escaping @Sendable (String) -> Void) {
        self.decoder = StreamDecoder(provider: provider)
        self.apiKey = apiKey
        self.onText = onText
    }

    private var isStreaming: Bool { status.map { (200..<300).contains($0) } ?? false }

    /// Takes one body chunk; false stops the transfer (an error event arrived).
    func receive(_ chunk: HTTPBodyChunk) -> Bool {
        status = chunk.status
        if keptBody.count < Self.maxKeptBodyBytes { keptBody.append(chunk.data.prefix(Self.maxKeptBodyBytes - keptBody.count)) }
        guard isStreaming else { return true }
        return apply(decoder.feed(chunk.data))
    }

    /// Passes the events' text on; false when an error event ended the stream.
    private func apply(_ events: [StreamEvent]) -> Bool {
        for event in events {
            switch event {
            case .text(let token):
                text += token
                onText(token)
            case .done:
                sawDone = true
            case .failure(let message):
                let reason = ErrorBody.clean(message, redacting: apiKey)
                streamFailure = text.isEmpty
                    ? .server(status: status ?? 200, message: reason)
                    : .incomplete(partial: text, reason: "the server reported an error: \(reason)")
                return false
            }
        }
        return true
    }

    /// The summary once the transfer has ended with `result`; `deadline` is set when the overall
    /// deadline is what ended it.
    func outcome(after result: Result<HTTPResponse, HTTPError>, deadline: Duration?) -> Result<String, SummaryError> {
        if let streamFailure { return .failure(streamFailure) }
        var error: HTTPError?
        switch result {
        case .success(let response): status = response.status
        case .failure(.bodyTooLarge(_, let limit)): return .failure(.tooLarge(limit: limit))
        case .failure(let failure): error = failure
        }
        if isStreaming {
            guard apply(decoder.finish()) else { return .failure(streamFailure!) }
            if error == nil && !sawDone && text.isEmpty,
               let whole = StreamDecoder.unstreamedText(in: keptBody), !whole.isEmpty {
                // The server ignored `stream: true` and sent one JSON answer: take it whole.
                _ = apply([.text(whole), .done])
            }
        }
        if sawDone { return .success(text) }
        guard let status else { return .failure(.network(error ?? .badResponse(host: "?"))) }
        if status == 401 || status == 403 { return .failure(.authentication(status: status)) }
        guard (200..<300).contains(status) else {
            let message = (300..<400).contains(status)
                ? "it redirects elsewhere; set summary.endpoint to the address it points to"
                : ErrorBody.message(in: keptBody, redacting: apiKey)
            return .failure(.server(status: status, message: message))
        }
        let reason: String
        switch error {
        case .timedOut? where deadline != nil: reason = "the \(Int(deadline!.components.seconds))-second deadline passed"
        case .timedOut?: reason = "the server stopped sending"
        case .some: reason = "the connection was lost"
        case nil: reason = "the stream ended before the server said it was finished"
        }
        return .failure(.incomplete(partial: text, reason: reason))
    }
}
