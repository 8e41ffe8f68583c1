import FoundationEssentials

/// The JSON body for each wire protocol; always `stream: true`.
enum SummaryRequestBody {
    struct Message: Encodable {
        let role: String
        let content: String
    }

    /// OpenAI chat completions and Ollama `/api/chat` share this shape.
    struct Chat: Encodable {
        let model: String?
        let stream = true
        let messages: [Message]
    }

    /// Ollama `/api/generate`.
    struct Generate: Encodable {
        let model: String
        let stream = true
        let system: String
        let prompt: String
    }

    static func encode(_ request: SummaryRequest) -> Data {
        let prompt = SummaryPrompt(request: request)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and booleans cannot fail.
        if request.provider == .ollama && request.endpoint.path.hasSuffix("/api/generate") {
            return (try? encoder.encode(Generate(model: request.model, system: prompt.system, prompt: prompt.user))) ?? Data()
        }
        let messages = [Message(role: "system", content: prompt.system), Message(role: "user", content: prompt.user)]
        let model = request.model.isEmpty ? nil : request.model
        // As above: plain strings only, which always encode.
        return (try? encoder.encode(Chat(model: model, messages: messages))) ?? Data()
    }
}
