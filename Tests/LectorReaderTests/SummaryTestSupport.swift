import Foundation
import LectorTestSupport
@testable import LectorReader

/// Collects `onText` calls from the HTTP transfer thread with the moment each arrived.
final class TokenLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(text: String, at: Date)] = []

    var onText: @Sendable (String) -> Void {
        { [self] text in lock.withLock { entries.append((text, Date())) } }
    }

    var texts: [String] { lock.withLock { entries.map(\.text) } }
    var firstArrival: Date? { lock.withLock { entries.first?.at } }
}

enum SummaryStreams {
    /// An OpenAI-style SSE body: a role chunk, one chunk per token, a finish chunk, then [DONE].
    static func openAI(_ tokens: [String], finish: Bool = true) -> String {
        var lines = [#"data: {"id":"c1","choices":[{"index":0,"delta":{"role":"assistant"},"finish_reason":null}]}"#]
        for token in tokens {
            lines.append("data: " + json(["id": "c1", "choices": [["index": 0, "delta": ["content": token], "finish_reason": NSNull()]]]))
        }
        if finish {
            lines.append(#"data: {"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#)
            lines.append("data: [DONE]")
        }
        return lines.map { $0 + "\n\n" }.joined()
    }

    /// An Ollama `/api/chat` NDJSON body ending with `done: true`.
    static func ollama(_ tokens: [String]) -> String {
        var lines = tokens.map { json(["model": "m", "message": ["role": "assistant", "content": $0], "done": false]) }
        lines.append(json(["model": "m", "message": ["role": "assistant", "content": ""], "done": true, "done_reason": "stop"]))
        return lines.map { $0 + "\n" }.joined()
    }

    /// `body` as HTTP/1.1 chunks, one per `pieces` element, WITHOUT the final zero-length chunk:
    /// the connection closing after it is a stream broken off mid-way.
    static func truncatedChunked(_ pieces: [String]) -> String {
        pieces.map { String(Data($0.utf8).count, radix: 16) + "\r\n" + $0 + "\r\n" }.joined()
    }

    static func json(_ object: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}

/// A request to `server` for the given provider, with a small English article.
func summaryRequest(_ provider: SummaryRequest.Provider, server: LoopbackServer, path: String? = nil,
                    apiKey: String? = nil, text: String = englishSample) -> SummaryRequest {
    SummaryRequest(provider: provider,
                   endpoint: server.url(path ?? (provider == .openAI ? "/v1/chat/completions" : "/api/chat")),
                   model: "test-model", apiKey: apiKey,
                   promptTemplate: "Summarise in {language}: {title}\n\n{text}",
                   title: "A test article", text: text)
}

/// A client with a short deadline so a broken test cannot hang the suite.
func testSummaryClient(deadline: Duration = .seconds(15)) -> SummaryClient {
    SummaryClient(configuration: .init(deadline: deadline, idleTimeout: .seconds(10), maxBodyBytes: 1024 * 1024))
}

let englishSample = """
    The city council voted on Tuesday to extend the bicycle lanes along the river. Most of the members \
    said that the new lanes would make the streets safer for children, and the work is expected to begin \
    in the spring. Critics argued that the plan was too expensive and that it had been rushed.
    """
