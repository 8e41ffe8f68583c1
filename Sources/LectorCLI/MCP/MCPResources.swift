import LectorBasics
import LectorSettings

/// Resources and prompts: the same reads as the tools, for clients that attach context rather
/// than call tools. `lector://accounts`, one `lector://saved/NAME` per saved search (its newest
/// matches) and the template `lector://article/{id}`.
enum MCPResources {
    static let accountsURI = "lector://accounts"
    static let savedPrefix = "lector://saved/"
    static let articlePrefix = "lector://article/"

    static func list(_ context: MCPContext) throws(JSONRPC.Failure) -> JSONValue {
        var resources: [JSONValue] = [["uri": .string(accountsURI), "name": "accounts", "title": "Accounts",
                                       "description": "The reader accounts with their feed, unread and starred counts", "mimeType": "application/json"]]
        let searches = try answer(MCPReadTools.listSavedSearches, [:], context)
        if case .array(let rows)? = searches.objectValue?["searches"] {
            for row in rows {
                guard let name = row.objectValue?["name"]?.stringValue else { continue }
                resources.append(["uri": .string(savedPrefix + name.percentEncoded(allowing: URLBytes.isUnreserved)), "name": .string("saved/" + name),
                                  "title": .string("Saved search " + name),
                                  "description": .string("The newest 20 articles the saved search '\(name)' matches"), "mimeType": "application/json"])
            }
        }
        return ["resources": .array(resources)]
    }

    static let templates: JSONValue = ["resourceTemplates": [[
        "uriTemplate": .string(articlePrefix + "{id}"), "name": "article", "title": "Article",
        "description": "One stored article's text (as read_article gives it)", "mimeType": "application/json",
    ]]]

    /// One resource; one that is not there is `missing` (the code depends on the revision).
    static func read(_ uri: String, _ context: MCPContext, missing: JSONRPC.Code) throws(JSONRPC.Failure) -> JSONValue {
        let value: JSONValue
        if uri == accountsURI {
            value = try answer(MCPReadTools.listAccounts, [:], context)
        } else if uri.hasPrefix(savedPrefix), let name = uri.dropFirst(savedPrefix.count).percentDecoded, !name.isEmpty {
            value = try answer(MCPReadTools.listArticles, ["saved": .string(name)], context)
        } else if uri.hasPrefix(articlePrefix), let id = Int(uri.dropFirst(articlePrefix.count)), id > 0 {
            value = try answer(MCPReadTools.readArticle, ["id": .int(id)], context)
        } else {
            throw JSONRPC.Failure(missing, "no resource '\(MCPBounds.line(uri, max: 200))'")
        }
        return ["contents": [["uri": .string(uri), "mimeType": "application/json", "text": .string(MCPBounds.safe(value).canonicalText())]]]
    }

    /// A read tool's answer; a tool's failure (an unknown saved search) is the request's.
    private static func answer(_ tool: MCPTool, _ arguments: [String: JSONValue], _ context: MCPContext) throws(JSONRPC.Failure) -> JSONValue {
        let checked = try tool.arguments(arguments)
        do { return try tool.run(checked, context) } catch {
            throw JSONRPC.Failure(.invalidParams, MCPBounds.line((error as? MCPToolError)?.message ?? CLIError.from(error).description, max: 500))
        }
    }

    static let prompts: JSONValue = ["prompts": [[
        "name": "unread_digest", "title": "Digest of unread articles",
        "description": "Ask for a short digest of the unread articles, grouped by feed",
        "arguments": [["name": "account", "description": "only this account", "required": false]],
    ]]]

    static func prompt(_ name: String, arguments: [String: JSONValue]) throws(JSONRPC.Failure) -> JSONValue {
        guard name == "unread_digest" else { throw JSONRPC.Failure(.invalidParams, "no prompt '\(MCPBounds.line(name, max: 100))' (there is unread_digest)") }
        let account = arguments["account"]?.stringValue.map { " of the account '\(MCPBounds.line($0, max: 200))'" } ?? ""
        let text = "Using Lector's tools, list the unread articles\(account) (list_articles with unread: true, a page at a time) and write a short digest grouped by feed: one line per article with its title and why it may matter. Read an article (read_article) only when its title and snippet do not say enough. Change nothing."
        return ["description": "Digest of unread articles", "messages": [["role": "user", "content": ["type": "text", "text": .string(text)]]]]
    }
}
