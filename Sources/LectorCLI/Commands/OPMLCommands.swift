import FoundationEssentials
import LectorAccounts
import Glibc
import LectorFeeds
import LectorStore
import LectorSync

enum OPMLCommands {
    static let all: [CommandSpec] = [importFeeds, export]

    static let importFeeds = CommandSpec(
        ["opml", "import"], "subscribe to every feed of an OPML file (or a newsboat urls file), in its folders",
        discussion: "A newsboat urls file (URL, then quoted tags and ~Title, per line) is read too: a feed's first tag becomes its folder; its query:, exec: and filter: lines (feeds newsboat makes itself) are skipped, each named in a note on stderr. Feeds already subscribed (also across http/https and a trailing slash) are skipped. On remote accounts each feed is added through the server; local feeds are fetched on the next sync.",
        arguments: [ArgumentSpec("FILE", "the OPML file", source: .files)],
        options: [OptionSpec.account]
    ) { invocation, session in
        let path = invocation.argument("FILE") ?? ""
        let document = try DesiredStateFile.read(path)
        // A file without feeds adds nothing, so it needs no account of the user's own.
        let account = document.feeds.isEmpty ? try session.account(invocation) : try session.accountForNewData(invocation)
        let result = try session.accounts { (manager) throws(AccountsError) in try manager.importFeeds(document.feeds, into: account) }
        let (added, skipped) = (result.added, result.skipped)
        let failures = result.failures.map { failure in
            switch failure.cause {
            case .notAWebAddress:
                FailureJSON(feed: failure.entry.title, url: failure.entry.xmlURL, cause: "'\(failure.entry.xmlURL)' is not a web address", status: .usage)
            case .loginInAddress:
                FailureJSON(feed: failure.entry.title, url: nil,
                            cause: "its address carries a login; add it with 'lector feed add ADDRESS --login USER'", status: .usage)
            case .refused(let error):
                FailureJSON(feed: failure.entry.title, url: URL(string: failure.entry.xmlURL)?.absoluteString ?? failure.entry.xmlURL, error: CLIError(error))
            }
        }
        let summary = document.feeds.isEmpty ? "\(path) lists no feeds: nothing was imported."
            : "Imported \(added) feed(s) into '\(account.name)'; \(skipped) already subscribed; \(failures.count) failed."
        let outcome = Outcome.of(succeeded: added + skipped, failures: failures.count)
        let exit = RunStatus.of(outcomes: [outcome], failures: failures)
        let lines = failures.map { "  failed: \($0.feed ?? "")\($0.url.map { " <\($0)>" } ?? ""): \($0.cause)" }
        let output = CommandOutput(text: ([summary] + lines).joined(separator: "\n"),
                                   json: ImportJSON(account: account.name, added: added, skipped: skipped, outcome: outcome,
                                                    exitCode: exit.rawValue, failures: failures))
        return exit == .ok ? output : output.failing(exit, "opml import: \(failures.count) of \(document.feeds.count) feed(s) failed")
    }

    static let export = CommandSpec(
        ["opml", "export"], "write an account's feeds and folders as OPML",
        discussion: "Every feed has htmlUrl, and its server settings (as the server last acknowledged them) as lector: attributes, which feed apply reads back; a secret (cookie, server-login) is never written. The namespace is in 'lector help feed-settings'.",
        arguments: [ArgumentSpec("FILE", "where to write; '-' or nothing for standard output", source: .files, optional: true)],
        options: [OptionSpec.account]
    ) { invocation, session in
        let store = try session.store()
        let account = try session.account(invocation)
        let (document, count) = try CLIError.catching { try SubscriptionExport.document(of: account, in: store) }
        let data = document.xmlData()
        guard let path = invocation.argument("FILE"), path != "-" else {
            return CommandOutput(text: String(decoding: data, as: UTF8.self),
                                 json: ExportJSON(account: account.name, file: nil, feeds: count, opml: String(decoding: data, as: UTF8.self)))
        }
        try BackupCommands.writePrivately(data, to: path)
        return CommandOutput(text: "Wrote \(count) feed(s) to \(path).",
                             json: ExportJSON(account: account.name, file: path, feeds: count, opml: nil))
    }

    struct ImportJSON: Encodable, Sendable {
        let account: String
        let added: Int
        let skipped: Int
        let outcome: Outcome
        let exitCode: Int32
        let failures: [FailureJSON]

        enum CodingKeys: String, CodingKey {
            case account, added, skipped, outcome, failures
            case exitCode = "exit_code"
        }
    }

    /// With no FILE the OPML document itself is in `opml`; with a FILE it is written there and `opml` is null.
    struct ExportJSON: Encodable, Sendable {
        let account: String
        let file: String?
        let feeds: Int
        let opml: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(account, forKey: .account)
            try container.encode(file, forKey: .file)
            try container.encode(feeds, forKey: .feeds)
            try container.encode(opml, forKey: .opml)
        }

        enum CodingKeys: String, CodingKey { case account, file, feeds, opml }
    }
}
