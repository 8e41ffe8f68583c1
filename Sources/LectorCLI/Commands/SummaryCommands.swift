import FoundationEssentials
import Glibc
import LectorKeyring
import LectorReader
import LectorStore
import LectorText

/// AI summaries, only ever on an explicit command: streamed as they are written, cached per
/// article, provider, model and prompt; the endpoint's key lives in the keyring.
enum SummaryCommands {
    static let all: [CommandSpec] = [summarize, key]

    static let summarize = CommandSpec(
        ["article", "summarize"], "summarize an article with the configured AI provider, streamed as it is written",
        discussion: "Set summary.provider (openai or ollama), summary.endpoint and summary.model first; 'lector summary key' stores an API key. The first 12,000 characters are sent; the summary is asked for in the article's language and cached.",
        arguments: [ArgumentSpec("ARTICLE", "a number from the last 'article list', or id:N")],
        options: [OptionSpec("refresh", "ask again even when a summary is cached")]
    ) { invocation, session in
        let store = try session.store()
        let id = try session.handles.resolve(invocation.argument("ARTICLE") ?? "")
        guard let article = try CLIError.catching({ try store.articles.article(id) }) else { throw CLIError.notFound("no article with id \(id)") }
        let preferences = try session.preferences()
        let endpoint = preferences.summaryEndpoint?.absoluteString ?? ""
        let text = try CLIError.catching { try store.articles.text(of: id) }
        // The settings are checked and the cache asked before the keyring: neither a summary
        // that is off nor one already cached needs the key, nor a keyring to unlock.
        var request: SummaryRequest
        do throws(SummaryError) {
            request = try SummaryRequest.configured(provider: preferences.summaryProvider.rawValue, endpoint: endpoint,
                                                    model: preferences.summaryModel ?? "",
                                                    promptTemplate: preferences.summaryPrompt, title: article.title, text: text,
                                                    declaredLanguage: nil)
        } catch { throw CLIError.usage(error.message) }
        let cacheKey = request.cacheKey(articleID: String(id))
        if !invocation.flag("refresh"), let cached = try CLIError.catching({ try store.articles.summary(forKey: cacheKey) }) {
            return CommandOutput(text: TerminalSanitizer.clean(cached), json: SummaryJSON(article: id, summary: cached, cached: true,
                                                                                            language: request.language.code))
        }
        // A keyring that cannot answer (locked, no Secret Service) must not turn into "no key":
        // the request would go out without the key the user stored. Only Ollama, which needs no
        // key, goes on without one.
        do throws(KeyringError) {
            request.apiKey = try session.keyring.secret(for: keyItem(endpoint)).flatMap { $0.isEmpty ? nil : $0 }
        } catch {
            guard preferences.summaryProvider == .ollama else { throw CLIError.authentication(error.message) }
        }
        let streaming = !invocation.wantsJSON
        let summary: String
        do throws(SummaryError) {
            summary = try SummaryClient().summarize(request) { token in
                guard streaming else { return }
                // The one writer: sanitised, and a reader gone away (EPIPE) ends the output, not Lector.
                Console.out(token)
            }
        } catch {
            if streaming && !error.partialText.isEmpty { Console.out("\n") }
            switch error {
            case .authentication: throw CLIError.authentication(error.message)
            case .network: throw CLIError.network(error.message)
            case .notConfigured: throw CLIError.usage(error.message)
            default: throw CLIError.failure(error.message)
            }
        }
        try CLIError.catching { try store.articles.saveSummary(summary, forKey: cacheKey, articleID: id) }
        // Streamed text is already on the screen; end the line.
        return CommandOutput(text: streaming ? "\n" : TerminalSanitizer.clean(summary),
                             json: SummaryJSON(article: id, summary: summary, cached: false, language: request.language.code))
    }

    static let key = CommandSpec(
        ["summary", "key"], "store the API key of the summary endpoint in the keyring (or --remove it)",
        options: [AccountCommands.passwordStdin, OptionSpec("remove", "delete the stored key")]
    ) { invocation, session in
        let endpoint = try session.preferences().summaryEndpoint?.absoluteString ?? ""
        let item = keyItem(endpoint)
        if invocation.flag("remove") {
            let removed = try KeyringAccess.run { () throws(KeyringError) in try session.keyring.remove(item) }
            return .message(removed ? "Removed the summary API key." : "There was no summary API key.")
        }
        let secret = try SecretInput.read(prompt: "API key for \(endpoint.isEmpty ? "the summary provider" : endpoint): ",
                                          fromStdin: invocation.flag("password-stdin"))
        try KeyringAccess.run { () throws(KeyringError) in try session.keyring.store(secret, for: item) }
        return .message("Stored the summary API key in the keyring.")
    }

    /// The keyring item of the summary endpoint's key.
    static func keyItem(_ endpoint: String) -> SecretItem {
        .account(id: "summary:\(endpoint)", kind: "summary", server: endpoint.isEmpty ? "default" : endpoint, user: "api-key")
    }

    struct SummaryJSON: Encodable, Sendable {
        let article: Int64
        let summary: String
        let cached: Bool
        let language: String
    }
}
