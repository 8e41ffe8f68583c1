import FoundationEssentials
import LectorBasics

extension SummaryRequest {
    /// Builds a request from the `summary.*` settings: `provider` is "none", "openai" or "ollama";
    /// an empty `endpoint` means the provider's standard one; an empty `model` is allowed only for
    /// an OpenAI-compatible server of one's own, which then uses its default model.
    /// The API key is set afterwards, once the cache has not answered.
    public static func configured(provider: String, endpoint: String, model: String,
                                  promptTemplate: String, title: String, text: String,
                                  declaredLanguage: String? = nil) throws(SummaryError) -> SummaryRequest {
        guard let kind = Provider(rawValue: provider.lowercased()) else {
            throw .notConfigured(setting: "summary.provider", reason: "no summary provider is chosen (openai or ollama)")
        }
        let trimmedModel = model.trimmingBlanks
        let url = try SummaryEndpoint.resolve(endpoint, for: kind)
        let ownServer = !endpoint.trimmingBlanks.isEmpty
        if trimmedModel.isEmpty && (kind == .ollama || !ownServer) {
            throw .notConfigured(setting: "summary.model", reason: "\(kind.displayName) needs a model name")
        }
        return SummaryRequest(provider: kind, endpoint: url, model: trimmedModel,
                              promptTemplate: promptTemplate, title: title, text: text,
                              declaredLanguage: declaredLanguage)
    }
}

extension SummaryRequest.Provider {
    var displayName: String {
        switch self {
        case .openAI: return "the OpenAI-compatible endpoint"
        case .ollama: return "Ollama"
        }
    }
}

/// Turns the `summary.endpoint` setting (a base URL, or empty) into the URL requests go to.
enum SummaryEndpoint {
    static let openAIStandard = "https://api.openai.com/v1"
    static let ollamaStandard = "http://localhost:11434"

    /// OpenAI: `…/chat/completions` is appended unless present; a bare host gets `/v1` first.
    /// Ollama: `/api/chat` is appended unless the URL already ends in `/api/chat` or `/api/generate`.
    static func resolve(_ setting: String, for provider: SummaryRequest.Provider) throws(SummaryError) -> URL {
        let trimmed = setting.trimmingBlanks
        let base = trimmed.isEmpty ? (provider == .openAI ? openAIStandard : ollamaStandard) : trimmed
        guard var components = URLComponents(string: base),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else {
            throw .notConfigured(setting: "summary.endpoint", reason: "the summary endpoint is not an http(s) URL")
        }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        switch provider {
        case .openAI:
            if !path.hasSuffix("/chat/completions") {
                path += path.isEmpty ? "/v1/chat/completions" : "/chat/completions"
            }
        case .ollama:
            if !path.hasSuffix("/api/chat") && !path.hasSuffix("/api/generate") { path += "/api/chat" }
        }
        components.path = path
        guard let url = components.url else {
            throw .notConfigured(setting: "summary.endpoint", reason: "the summary endpoint is not a valid URL")
        }
        return url
    }
}
