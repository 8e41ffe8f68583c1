import Foundation
import LectorFeeds
import LectorStore
import LectorSync

enum OPMLCommands {
    static let all: [CommandSpec] = [importFeeds, export]

    static let importFeeds = CommandSpec(
        ["opml", "import"], "subscribe to every feed of an OPML file, in its folders",
        discussion: "Feeds already subscribed (also across http/https and a trailing slash) are skipped. On remote accounts each feed is added through the server; local feeds are fetched on the next sync.",
        arguments: [ArgumentSpec("FILE", "the OPML file", source: .files)],
        options: [OptionSpec.account]
    ) { invocation, session in
        let path = invocation.argument("FILE") ?? ""
        let data = try LocalFile.read(path, as: .opml)
        let document: OPMLDocument
        do throws(OPMLError) { document = try OPMLDocument.parse(data) } catch { throw CLIError.failure("\(path): \(error)") }
        let store = try session.store()
        let account = try session.account(invocation)
        let provider = account.kind == .local ? nil : try FeedEditCommands.editingProvider(account, session)
        var known = Set(try CLIError.catching { try store.feeds.list(accountID: account.id) }.compactMap { URL(string: $0.feed.url).map(canonicalFeedKey) })
        var added = 0, skipped = 0
        var failures: [String] = []
        for entry in document.feeds {
            guard let url = URL(string: entry.xmlURL), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                failures.append("\(entry.title): '\(entry.xmlURL)' is not a web address")
                continue
            }
            if url.user != nil || url.password != nil {
                // A login in an address would be stored and shown with it: it must go through the keyring.
                failures.append("\(entry.title): its address carries a login; add it with 'lector feed add ADDRESS --login USER'")
                continue
            }
            guard known.insert(canonicalFeedKey(url)).inserted else { skipped += 1; continue }
            do {
                if let provider {
                    let remoteFeed = try remote { () throws(SyncError) in
                        try provider.subscribe(feedURL: url.absoluteString, folder: entry.folder, title: entry.title.isEmpty ? nil : entry.title)
                    }
                    _ = try RemoteStructure.store(remoteFeed, account: account, store: store)
                } else {
                    try store.database.write {
                        let folderID = try entry.folder.map { try LocalStructure.folder(named: $0, account: account, store: store).id }
                        try store.feeds.insert(accountID: account.id, folderID: folderID, serverID: url.absoluteString,
                                               title: entry.title.isEmpty ? url.host ?? url.absoluteString : entry.title,
                                               url: url.absoluteString, siteURL: entry.htmlURL)
                    }
                }
                added += 1
            } catch {
                failures.append("\(entry.title): \(error)")
            }
        }
        let summary = "Imported \(added) feed(s) into '\(account.name)'; \(skipped) already subscribed; \(failures.count) failed."
        return CommandOutput(text: ([summary] + failures.map { "  failed: \(TerminalText.sanitize($0))" }).joined(separator: "\n"),
                             json: ImportJSON(added: added, skipped: skipped, failed: failures))
    }

    static let export = CommandSpec(
        ["opml", "export"], "write an account's feeds and folders as OPML",
        arguments: [ArgumentSpec("FILE", "where to write; '-' or nothing for standard output", source: .files, optional: true)],
        options: [OptionSpec.account]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.account(invocation)
        let feeds = try CLIError.catching { try store.feeds.list(accountID: account.id) }
        let document = OPMLDocument(title: "Lector: \(account.name)", feeds: feeds.map {
            OPMLDocument.Feed(title: $0.feed.title, xmlURL: $0.feed.url, htmlURL: $0.feed.siteURL, folder: $0.folderName)
        })
        let data = document.xmlData()
        guard let path = invocation.argument("FILE"), path != "-" else {
            return CommandOutput(text: String(decoding: data, as: UTF8.self), json: ExportJSON(file: nil, feeds: feeds.count))
        }
        try BackupCommands.writePrivately(data, to: path)
        return CommandOutput(text: "Wrote \(feeds.count) feed(s) to \(path).", json: ExportJSON(file: path, feeds: feeds.count))
    }

    struct ImportJSON: Encodable, Sendable {
        let added: Int
        let skipped: Int
        let failed: [String]
    }

    struct ExportJSON: Encodable, Sendable {
        let file: String?
        let feeds: Int
    }
}
