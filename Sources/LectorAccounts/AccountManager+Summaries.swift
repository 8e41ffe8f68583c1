import LectorKeyring
import LectorReader
import LectorSettings
import LectorStore

/// A summary to ask the configured AI endpoint for: the request (with the endpoint's key, when
/// the keyring has one) and where its answer is cached.
public struct SummaryJob: Sendable {
    public let articleID: Int64
    public let request: SummaryRequest
    let cacheKey: String
}

/// How a summary starts: from the cache, or as a job for the endpoint.
public enum SummaryStart: Sendable {
    case cached(String, language: String)
    case ask(SummaryJob)
}

/// The keyring item of the summary endpoint's key.
public enum SummaryKey {
    public static func item(endpoint: String) -> SecretItem {
        .account(id: "summary:\(endpoint)", kind: "summary", server: endpoint.isEmpty ? "default" : endpoint, user: "api-key")
    }
}

extension AccountManager {
    /// Starts a summary of the article by the `summary.*` settings. The settings are checked and
    /// the cache asked before the keyring: neither a summary that is off nor one already cached
    /// needs the key, nor a keyring to unlock. `refresh` passes the cache by.
    public func startSummary(of articleID: Int64, preferences: Preferences, refresh: Bool) throws(AccountsError) -> SummaryStart {
        guard let article = try storing({ try store.articles.article(articleID) }) else { throw .unknownArticle(articleID) }
        let endpoint = preferences.summaryEndpoint?.absoluteString ?? ""
        let text = try storing { try store.articles.text(of: articleID) }
        var request: SummaryRequest
        do throws(SummaryError) {
            request = try SummaryRequest.configured(provider: preferences.summaryProvider.rawValue, endpoint: endpoint,
                                                    model: preferences.summaryModel ?? "", promptTemplate: preferences.summaryPrompt,
                                                    title: article.title, text: text, declaredLanguage: nil)
        } catch { throw .summaryNotConfigured(error) }
        let cacheKey = request.cacheKey(articleID: String(articleID))
        if !refresh, let cached = try storing({ try store.articles.summary(forKey: cacheKey) }) {
            return .cached(cached, language: request.language.code)
        }
        // A keyring that cannot answer (locked, no Secret Service) must not turn into "no key":
        // the request would go out without the key the user stored. Only Ollama, which needs no
        // key, goes on without one.
        do throws(KeyringError) {
            request.apiKey = try keyring.secret(for: SummaryKey.item(endpoint: endpoint)).flatMap { $0.isEmpty ? nil : $0 }
        } catch {
            guard preferences.summaryProvider == .ollama else { throw .keyring(error) }
        }
        return .ask(SummaryJob(articleID: articleID, request: request, cacheKey: cacheKey))
    }

    /// Caches the endpoint's answer to a job.
    public func keep(_ summary: String, of job: SummaryJob) throws(AccountsError) {
        try storing { try store.articles.saveSummary(summary, forKey: job.cacheKey, articleID: job.articleID) }
    }
}
