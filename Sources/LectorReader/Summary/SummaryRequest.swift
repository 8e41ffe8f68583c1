import FoundationEssentials

/// Everything one summary needs: who writes it, where, with which model, key and prompt, and the article.
public struct SummaryRequest: Sendable, Equatable, CustomStringConvertible {
    /// The wire protocol of the endpoint.
    public enum Provider: String, Sendable, CaseIterable {
        /// An OpenAI-compatible `POST …/chat/completions` streaming server-sent events.
        case openAI = "openai"
        /// Ollama's `POST /api/chat` (or `/api/generate`) streaming newline-delimited JSON.
        case ollama
    }

    /// How much of the article text is sent, in characters.
    public static let maxInputCharacters = 12_000

    /// The wire protocol.
    public var provider: Provider
    /// The request URL (resolve a settings base URL with `SummaryRequest.configured`).
    public var endpoint: URL
    /// The model name; empty only for an OpenAI-compatible server that picks its own.
    public var model: String
    /// The API key from the keyring, sent as `Authorization: Bearer`; nil sends none.
    public var apiKey: String?
    /// The instructions, with optional placeholders {title}, {text} and {language}.
    public var promptTemplate: String
    /// The article's title.
    public var title: String
    /// The article's plain text (only its first `maxInputCharacters` are sent).
    public var text: String
    /// The feed's declared language tag (e.g. "de-DE"), used when detection is inconclusive.
    public var declaredLanguage: String?

    /// Creates a request for an already resolved endpoint.
    public init(provider: Provider, endpoint: URL, model: String, apiKey: String? = nil, promptTemplate: String,
                title: String, text: String, declaredLanguage: String? = nil) {
        self.provider = provider
        self.endpoint = endpoint
        self.model = model
        self.apiKey = apiKey
        self.promptTemplate = promptTemplate
        self.title = title
        self.text = text
        self.declaredLanguage = declaredLanguage
    }

    /// The article text that is sent: its first 12,000 characters.
    public var input: String { String(text.prefix(Self.maxInputCharacters)) }

    /// The language the summary is asked for in (see `LanguageDetector`).
    public var language: ArticleLanguage { LanguageDetector.language(of: text, declared: declaredLanguage) }

    /// Names the provider, endpoint and model; never the key or the article.
    public var description: String {
        "\(provider.rawValue) summary with \(model.isEmpty ? "the default model" : model) at \(endpoint.absoluteString)"
    }
}
