import FoundationEssentials
import Glibc
import LectorAccounts
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
        let id = try session.handles.resolve(invocation.argument("ARTICLE") ?? "")
        return try summary(of: id, refresh: invocation.flag("refresh"), json: invocation.wantsJSON, session: session)
    }

    /// An article's summary through the account core (`startSummary`, `keep`): the cached one, or
    /// streamed from the endpoint as it is written (unless `json`) and kept. The summarize
    /// command's, and `browse`'s summary action's.
    static func summary(of id: Int64, refresh: Bool, json: Bool, session: Session) throws(CLIError) -> CommandOutput {
        let preferences = try session.preferences()
        let start = try session.accounts { (manager) throws(AccountsError) in
            try manager.startSummary(of: id, preferences: preferences, refresh: refresh)
        }
        let job: SummaryJob
        switch start {
        case .cached(let cached, let language):
            return CommandOutput(text: TerminalSanitizer.clean(cached), json: SummaryJSON(article: id, summary: cached, cached: true, language: language))
        case .ask(let asked): job = asked
        }
        let streaming = !json
        let summary = try stream(job.request, streaming: streaming)
        try session.accounts { (manager) throws(AccountsError) in try manager.keep(summary, of: job) }
        // Streamed text is already on the screen; end the line.
        return CommandOutput(text: streaming ? "\n" : TerminalSanitizer.clean(summary),
                             json: SummaryJSON(article: id, summary: summary, cached: false, language: job.request.language.code))
    }

    /// Asks the endpoint, writing the summary as it comes when `streaming`.
    private static func stream(_ request: SummaryRequest, streaming: Bool) throws(CLIError) -> String {
        do throws(SummaryError) {
            return try SummaryClient().summarize(request) { token in
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
    }

    static let key = CommandSpec(
        ["summary", "key"], "store the API key of the summary endpoint in the keyring (or --remove it)",
        options: [AccountCommands.passwordStdin, OptionSpec("remove", "delete the stored key")]
    ) { invocation, session in
        let endpoint = try session.preferences().summaryEndpoint?.absoluteString ?? ""
        let item = SummaryKey.item(endpoint: endpoint)
        if invocation.flag("remove") {
            let removed = try KeyringAccess.run { () throws(KeyringError) in try session.keyring.remove(item) }
            return .message(removed ? "Removed the summary API key." : "There was no summary API key.")
        }
        let secret = try SecretInput.read(prompt: "API key for \(endpoint.isEmpty ? "the summary provider" : endpoint): ",
                                          fromStdin: invocation.flag("password-stdin"))
        try KeyringAccess.run { () throws(KeyringError) in try session.keyring.store(secret, for: item) }
        return .message("Stored the summary API key in the keyring.")
    }

    struct SummaryJSON: Encodable, Sendable {
        let article: Int64
        let summary: String
        let cached: Bool
        let language: String
    }
}
