import Foundation
import LectorHTTP
import LectorTestSupport
import Testing
@testable import LectorReader

@Suite("Summary streaming")
struct SummaryStreamingTests {
    @Test("an OpenAI SSE stream delivers its first token long before the stream ends")
    func openAITrickle() throws {
        let tokens = ["The ", "council ", "extended ", "the ", "bicycle ", "lanes."]
        let server = try LoopbackServer { _ in
            .text(SummaryStreams.openAI(tokens), contentType: "text/event-stream")
        }
        // ~700 bytes at 60 bytes per 100 ms: the stream lasts over a second.
        server.inject(.trickle(chunkBytes: 60, interval: .milliseconds(100)))
        let log = TokenLog()
        let summary = try testSummaryClient().summarize(summaryRequest(.openAI, server: server), onText: log.onText)
        let finished = Date()

        #expect(summary == tokens.joined(), "the returned summary is every token in order")
        #expect(log.texts == tokens, "onText received each token once, in order")
        let first = try #require(log.firstArrival, "onText was never called")
        #expect(finished.timeIntervalSince(first) > 0.5,
                "the first token arrived only \(finished.timeIntervalSince(first)) s before the end: output is not streamed")
    }

    @Test("an Ollama NDJSON stream is decoded from message.content until done")
    func ollamaStream() throws {
        let tokens = ["Ein ", "kurzer ", "Überblick ", "— ", "fertig."]
        let server = try LoopbackServer { _ in .text(SummaryStreams.ollama(tokens), contentType: "application/x-ndjson") }
        // 7-byte chunks split lines and multi-byte characters across reads.
        server.inject(.trickle(chunkBytes: 7, interval: .milliseconds(1)))
        let log = TokenLog()
        let summary = try testSummaryClient().summarize(summaryRequest(.ollama, server: server), onText: log.onText)
        #expect(summary == tokens.joined(), "got \(summary.debugDescription)")
        #expect(log.texts == tokens, "tokens split across chunk boundaries were reassembled")
        let received = try #require(server.requests.first, "the server saw no request")
        #expect(received.path == "/api/chat", "Ollama chat endpoint was called")
        let body = try #require(try JSONSerialization.jsonObject(with: received.body) as? [String: Any], "JSON body")
        #expect(body["model"] as? String == "test-model" && body["stream"] as? Bool == true, "model and stream: true sent")
    }

    @Test("Ollama /api/generate streams are read from the response field")
    func ollamaGenerate() throws {
        let body = [#"{"response":"Short ","done":false}"#, #"{"response":"summary.","done":false}"#,
                    #"{"response":"","done":true}"#].map { $0 + "\n" }.joined()
        let server = try LoopbackServer { _ in .text(body, contentType: "application/x-ndjson") }
        let request = summaryRequest(.ollama, server: server, path: "/api/generate")
        let summary = try testSummaryClient().summarize(request) { _ in }
        #expect(summary == "Short summary.", "got \(summary.debugDescription)")
        let sent = try #require(server.requests.first).bodyText
        #expect(sent.contains(#""prompt":"#) && sent.contains(#""system":"#), "generate body has prompt and system: \(sent)")
    }

    @Test("a connection closed mid-stream throws incomplete with the partial text")
    func brokenMidStream() throws {
        let events = SummaryStreams.openAI(["First ", "part "], finish: false)
        let server = try LoopbackServer { _ in
            ServerResponse(status: 200, headers: [(name: "Content-Type", value: "text/event-stream"),
                                                  (name: "Transfer-Encoding", value: "chunked")],
                           body: Data(SummaryStreams.truncatedChunked([events]).utf8))
        }
        // A trickled body is followed by closing the connection.
        server.inject(.trickle(chunkBytes: 4096, interval: .milliseconds(1)))
        let log = TokenLog()
        let error = #expect(throws: SummaryError.self) {
            try testSummaryClient().summarize(summaryRequest(.openAI, server: server), onText: log.onText)
        }
        guard case .incomplete(let partial, let reason)? = error else {
            Issue.record("expected .incomplete, got \(String(describing: error))")
            return
        }
        #expect(partial == "First part ", "the partial text is what arrived: \(partial.debugDescription)")
        #expect(log.texts == ["First ", "part "], "the partial text was shown as it arrived")
        #expect(error?.message.contains("incomplete") == true, "the message says incomplete: \(error?.message ?? "")")
        #expect(!reason.isEmpty, "a reason is given")
    }

    @Test("a stream that ends cleanly without [DONE] is incomplete")
    func endsWithoutDone() throws {
        let server = try LoopbackServer { _ in
            .text(SummaryStreams.openAI(["Only ", "half"], finish: false), contentType: "text/event-stream")
        }
        let error = #expect(throws: SummaryError.self) {
            try testSummaryClient().summarize(summaryRequest(.openAI, server: server)) { _ in }
        }
        #expect(error?.partialText == "Only half", "partial text kept: \(String(describing: error))")
    }

    @Test("a stream that stalls past the deadline is incomplete with what arrived")
    func deadlineMidStream() throws {
        let server = try LoopbackServer { _ in
            .text(SummaryStreams.openAI(["Quick ", "start ", "then ", "nothing"]), contentType: "text/event-stream")
        }
        // The first chunk holds the role event and the first token; the next comes after the deadline.
        let firstChunk = SummaryStreams.openAI(["Quick "], finish: false).utf8.count
        server.inject(.trickle(chunkBytes: firstChunk, interval: .seconds(3)))
        let started = Date()
        let error = #expect(throws: SummaryError.self) {
            try testSummaryClient(deadline: .seconds(1)).summarize(summaryRequest(.openAI, server: server)) { _ in }
        }
        #expect(Date().timeIntervalSince(started) < 2.5, "the deadline ended the wait")
        guard case .incomplete(let partial, let reason)? = error else {
            Issue.record("expected .incomplete, got \(String(describing: error))")
            return
        }
        #expect(partial == "Quick ", "partial: \(partial.debugDescription)")
        #expect(reason.contains("deadline"), "the reason names the deadline: \(reason)")
    }

    @Test("401 is an authentication error and the key went as a Bearer token")
    func unauthorized() throws {
        let server = try LoopbackServer { _ in
            .text(#"{"error":{"message":"Incorrect API key provided: sk-secret","type":"invalid_request_error"}}"#,
                  status: 401, contentType: "application/json",
                  headers: [(name: "WWW-Authenticate", value: "Bearer realm=\"api\"")])
        }
        let request = summaryRequest(.openAI, server: server, apiKey: "sk-secret")
        let error = #expect(throws: SummaryError.self) { try testSummaryClient().summarize(request) { _ in } }
        #expect(error == .authentication(status: 401), "got \(String(describing: error))")
        #expect(error?.message.contains("sk-secret") == false, "the key is never in the message")
        #expect(server.requests.first?.header("Authorization") == "Bearer sk-secret", "the key was sent as a Bearer token")
    }

    @Test("a server error carries the message from its JSON error body, key redacted")
    func serverError() throws {
        let server = try LoopbackServer { _ in
            .text(#"{"error":"model 'test-model' not found, try pulling it first (key sk-x)"}"#,
                  status: 404, contentType: "application/json")
        }
        let request = summaryRequest(.ollama, server: server, apiKey: "sk-x")
        let error = #expect(throws: SummaryError.self) { try testSummaryClient().summarize(request) { _ in } }
        #expect(error == .server(status: 404, message: "model 'test-model' not found, try pulling it first (key …)"),
                "got \(String(describing: error))")
    }

    @Test("an error event inside the stream ends it as incomplete")
    func errorEvent() throws {
        let body = SummaryStreams.openAI(["Some "], finish: false) + #"data: {"error":{"message":"overloaded"}}"# + "\n\n"
        let server = try LoopbackServer { _ in .text(body, contentType: "text/event-stream") }
        let error = #expect(throws: SummaryError.self) {
            try testSummaryClient().summarize(summaryRequest(.openAI, server: server)) { _ in }
        }
        #expect(error == .incomplete(partial: "Some ", reason: "the server reported an error: overloaded"),
                "got \(String(describing: error))")
    }

    @Test("a response past the body cap is stopped as too large")
    func tooLarge() throws {
        let server = try LoopbackServer { _ in .text(SummaryStreams.openAI(Array(repeating: "word ", count: 400)), contentType: "text/event-stream") }
        let client = SummaryClient(configuration: .init(deadline: .seconds(10), maxBodyBytes: 4096))
        let error = #expect(throws: SummaryError.self) { try client.summarize(summaryRequest(.openAI, server: server)) { _ in } }
        #expect(error == .tooLarge(limit: 4096), "got \(String(describing: error))")
    }

    @Test("a refused connection is a network error")
    func refused() throws {
        let server = try LoopbackServer { _ in .notFound }
        let url = server.url("/v1/chat/completions")
        server.stop()
        var request = summaryRequest(.openAI, server: server)
        request.endpoint = url
        let error = #expect(throws: SummaryError.self) { try testSummaryClient().summarize(request) { _ in } }
        guard case .network? = error else {
            Issue.record("expected .network, got \(String(describing: error))")
            return
        }
    }

    @Test("a server that ignores stream: true and sends one JSON answer still gives the summary")
    func unstreamedAnswer() throws {
        let body = """
            {
              "id": "c1",
              "choices": [{"index": 0, "message": {"role": "assistant", "content": "Whole answer."}, "finish_reason": "stop"}]
            }
            """
        let server = try LoopbackServer { _ in .text(body, contentType: "application/json") }
        let log = TokenLog()
        let summary = try testSummaryClient().summarize(summaryRequest(.openAI, server: server), onText: log.onText)
        #expect(summary == "Whole answer.", "got \(summary.debugDescription)")
        #expect(log.texts == ["Whole answer."], "the whole answer was shown once")
    }

    @Test("a redirect is not followed, so the key never reaches another address")
    func redirectRefused() throws {
        let elsewhere = try LoopbackServer { _ in .text(SummaryStreams.openAI(["leaked"]), contentType: "text/event-stream") }
        let target = elsewhere.url("/v1/chat/completions").absoluteString
        let server = try LoopbackServer { _ in .empty(307, headers: [(name: "Location", value: target)]) }
        let request = summaryRequest(.openAI, server: server, apiKey: "sk-r")
        let error = #expect(throws: SummaryError.self) { try testSummaryClient().summarize(request) { _ in } }
        guard case .server(307, let message)? = error else {
            Issue.record("expected .server(307, …), got \(String(describing: error))")
            return
        }
        #expect(message.contains("summary.endpoint"), "the message says which setting to fix: \(message)")
        #expect(elsewhere.requests.isEmpty, "the redirect target was never contacted")
    }
}
