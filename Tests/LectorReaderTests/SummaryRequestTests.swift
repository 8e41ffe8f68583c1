import Foundation
import LectorTestSupport
import Testing
@testable import LectorReader

@Suite("Summary requests")
struct SummaryRequestTests {
    @Test("the request body carries the model, stream: true, the language instruction and at most 12,000 characters")
    func requestBody() throws {
        let server = try LoopbackServer { _ in .text(SummaryStreams.openAI(["ok"]), contentType: "text/event-stream") }
        let german = String(repeating: "Der Rat hat die Wege für die Kinder verlängert, und das ist gut. ", count: 400)
        var request = summaryRequest(.openAI, server: server, text: german + "ENDE-NICHT-GESENDET")
        request.promptTemplate = "Fasse zusammen."
        _ = try testSummaryClient().summarize(request) { _ in }

        let received = try #require(server.requests.first, "the server saw no request")
        #expect(received.method == "POST" && received.path == "/v1/chat/completions", "POST to chat completions")
        #expect(received.header("Content-Type") == "application/json", "JSON body")
        #expect(received.header("Authorization") == nil, "no key, no Authorization header")
        let body = try #require(try JSONSerialization.jsonObject(with: received.body) as? [String: Any], "body is a JSON object")
        #expect(body["model"] as? String == "test-model", "model sent")
        #expect(body["stream"] as? Bool == true, "stream: true sent")
        let messages = try #require(body["messages"] as? [[String: String]], "messages array")
        #expect(messages.map { $0["role"] } == ["system", "user"], "a system and a user message")
        #expect(messages[0]["content"]?.contains("Write the summary in German") == true,
                "the language instruction names the detected language: \(messages[0]["content"] ?? "")")
        let user = messages[1]["content"] ?? ""
        #expect(user.hasPrefix("Fasse zusammen.\n\nTitle: A test article\n\n"), "template, then title, then text")
        #expect(!user.contains("ENDE-NICHT-GESENDET"), "text past 12,000 characters is not sent")
        #expect(user.contains(String(german.prefix(12_000))), "the first 12,000 characters are sent whole")
    }

    @Test("placeholders are filled once, leaving braces in the article alone")
    func placeholders() {
        let request = SummaryRequest(provider: .ollama, endpoint: URL(string: "http://localhost:11434/api/chat")!,
                                     model: "m", promptTemplate: "In {language}, summarise \"{title}\": {text} {unknown}",
                                     title: "T {text}", text: "body {language}", declaredLanguage: "es")
        let prompt = SummaryPrompt(request: request)
        #expect(prompt.user == "In Spanish, summarise \"T {text}\": body {language} {unknown}", "got \(prompt.user)")
    }

    @Test("the cache key is stable and changes with article, provider, model and prompt")
    func cacheKey() {
        let base = SummaryRequest(provider: .openAI, endpoint: URL(string: "https://api.example.com/v1/chat/completions")!,
                                  model: "m1", promptTemplate: "p", title: "t", text: "x")
        let key = base.cacheKey(articleID: "42")
        #expect(key == base.cacheKey(articleID: "42"), "same inputs, same key")
        #expect(key.count == 16 && key.allSatisfy(\.isHexDigit), "16 hex digits: \(key)")
        #expect(key == "\(FNV1a64.hex(of: "v1\u{1F}openai\u{1F}m1\u{1F}p\u{1F}42"))", "documented FNV-1a input")
        #expect(FNV1a64.hex(of: "") == "cbf29ce484222325", "FNV-1a offset basis for empty input")
        #expect(FNV1a64.hex(of: "a") == "af63dc4c8601ec8c", "FNV-1a 64 of \"a\" matches the reference value")
        var other = base
        other.model = "m2"
        var prompt = base
        prompt.promptTemplate = "q"
        var provider = base
        provider.provider = .ollama
        var text = base
        text.text = "different text, same article"
        let keys = [key, base.cacheKey(articleID: "43"), other.cacheKey(articleID: "42"),
                    prompt.cacheKey(articleID: "42"), provider.cacheKey(articleID: "42")]
        #expect(Set(keys).count == keys.count, "each field changes the key: \(keys)")
        #expect(text.cacheKey(articleID: "42") == key, "the key depends on the article id, not its text")
    }

    @Test("settings values resolve to endpoints, or say which setting to set")
    func configured() throws {
        func make(_ provider: String, _ endpoint: String, _ model: String) throws(SummaryError) -> SummaryRequest {
            try SummaryRequest.configured(provider: provider, endpoint: endpoint, model: model,
                                          promptTemplate: "p", title: "t", text: "x")
        }
        #expect(try make("openai", "", "gpt").endpoint.absoluteString == "https://api.openai.com/v1/chat/completions")
        #expect(try make("openai", "http://127.0.0.1:8080", "").endpoint.absoluteString == "http://127.0.0.1:8080/v1/chat/completions")
        #expect(try make("openai", "https://llm.example/v1/", "m").endpoint.absoluteString == "https://llm.example/v1/chat/completions")
        #expect(try make("ollama", "", "llama").endpoint.absoluteString == "http://localhost:11434/api/chat")
        #expect(try make("ollama", "http://box:11434/api/generate", "llama").endpoint.path == "/api/generate")
        #expect(try make("openai", "", "gpt").apiKey == nil, "an empty key sends no header")

        let cases: [(String, String, String, String)] = [
            ("none", "", "m", "summary.provider"), ("ollama", "", "", "summary.model"),
            ("openai", "", "", "summary.model"), ("openai", "ftp://x", "m", "summary.endpoint"),
        ]
        for (provider, endpoint, model, setting) in cases {
            let error = #expect(throws: SummaryError.self) { try make(provider, endpoint, model) }
            guard case .notConfigured(let named, _)? = error else {
                Issue.record("\(provider) \(endpoint) \(model): expected notConfigured, got \(String(describing: error))")
                continue
            }
            #expect(named == setting, "\(provider)/\(endpoint)/\(model) should name \(setting), named \(named)")
            #expect(error?.message.contains("settings set \(setting)") == true, "the message says how to fix it")
        }
    }

    @Test("an API key is never sent over plain http to another machine")
    func noKeyOverHTTP() {
        let request = SummaryRequest(provider: .openAI, endpoint: URL(string: "http://llm.example.com/v1/chat/completions")!,
                                     model: "m", apiKey: "sk-1", promptTemplate: "p", title: "t", text: "x")
        let error = #expect(throws: SummaryError.self) { try testSummaryClient().summarize(request) { _ in } }
        guard case .notConfigured("summary.endpoint", _)? = error else {
            Issue.record("expected notConfigured(summary.endpoint), got \(String(describing: error))")
            return
        }
        #expect(request.description.contains("sk-1") == false, "the description hides the key")
    }
}
