import FoundationEssentials
import LectorBasics

/// What one line of a summary stream said.
enum StreamEvent: Equatable {
    /// More summary text.
    case text(String)
    /// The server said the summary is finished.
    case done
    /// The server reported an error inside the stream.
    case failure(String)
}

/// Reads the events of one provider's stream, line by line.
struct StreamDecoder {
    let provider: SummaryRequest.Provider
    private var lines = LineBuffer()

    init(provider: SummaryRequest.Provider) {
        self.provider = provider
    }

    /// The events completed by `data`, in order.
    mutating func feed(_ data: Data) -> [StreamEvent] {
        lines.append(data).flatMap(events(in:))
    }

    /// The events of a last line that had no newline.
    mutating func finish() -> [StreamEvent] {
        lines.finish().map(events(in:)) ?? []
    }

    private func events(in line: String) -> [StreamEvent] {
        switch provider {
        case .openAI: return Self.serverSentEvent(line)
        case .ollama: return Self.jsonLine(line[...])
        }
    }

    /// One SSE line. Each `data:` line is taken as a whole event, as every OpenAI-compatible server
    /// sends them; comments (`:`), `event:`, `id:` and `retry:` lines and blank lines carry no text.
    static func serverSentEvent(_ line: String) -> [StreamEvent] {
        guard line.hasPrefix("data:") else { return [] }
        var payload = line.dropFirst(5)
        if payload.first == " " { payload = payload.dropFirst() }
        if payload.trimmingBlanks == "[DONE]" { return [.done] }
        return jsonLine(payload)
    }

    /// One JSON chunk of either provider: OpenAI `choices[0].delta.content` and `finish_reason`;
    /// Ollama `message.content` (chat) or `response` (generate) and `done`; `error` from both.
    static func jsonLine(_ line: Substring) -> [StreamEvent] {
        // Keep-alives and partial or foreign lines in a stream carry no event: they are skipped.
        guard !line.allSatisfy(\.isWhitespace),
              let object = (try? JSONObject.parse(Data(line.utf8))) as? [String: Any] else { return [] }
        if let error = object["error"], !(error is JSONNull) {
            return [.failure(ErrorBody.message(from: error))]
        }
        var events: [StreamEvent] = []
        if let choices = object["choices"] as? [[String: Any]], let first = choices.first {
            if let delta = first["delta"] as? [String: Any], let content = delta["content"] as? String, !content.isEmpty {
                events.append(.text(content))
            }
            if let reason = first["finish_reason"], !(reason is JSONNull) { events.append(.done) }
        }
        if let message = object["message"] as? [String: Any], let content = message["content"] as? String, !content.isEmpty {
            events.append(.text(content))
        } else if let response = object["response"] as? String, !response.isEmpty {
            events.append(.text(response))
        }
        if let done = object["done"] as? Bool, done { events.append(.done) }
        return events
    }

    /// The answer in a whole, non-streamed JSON body (`choices[0].message.content`, Ollama's
    /// `message.content` or `response`), for servers that ignore `stream: true`.
    static func unstreamedText(in body: Data) -> String? {
        // nil means "not an unstreamed answer": the caller then reports the body as an error.
        guard let object = (try? JSONObject.parse(body)) as? [String: Any] else { return nil }
        if let choices = object["choices"] as? [[String: Any]], let message = choices.first?["message"] as? [String: Any],
           let content = message["content"] as? String {
            return content
        }
        if let message = object["message"] as? [String: Any], let content = message["content"] as? String { return content }
        return object["response"] as? String
    }
}
