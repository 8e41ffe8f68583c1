import Foundation
import Testing

/// Issue 40 item 4, measured from the source: the front ends (the CLI, the REPL and `browse`,
/// all in Sources/LectorCLI) read the store freely but change it only through the account
/// core's verbs; and articles' read and starred state changes through one verb,
/// `AccountManager.mark` (its `markAllRead` beside it), whoever asks.
@Suite("One door per noun, from the source")
struct OneDoorPerNounTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The store's tables and the calls on them that change rows.
    static let tables = "states|articles|readingList|savedSearches|rules|settings|labels|feeds|folders|accounts|intents|marks|sync|"
        + "fetchMeta|feedServerSettings|ruleEngine|ruleServerLines|scopeReads|searchIndex|appMeta|syncClaims"
    static let writes = "setRead|setStarred|markAllRead|saveExtractedHTML|saveSummary|add|remove|save|put|apply|set|setEnabled|setPaused|"
        + "insert|rename|update|upsert|move|replace|enqueue|acknowledge|release|setDefault|clearDefault|setLogin|setNeedsPassword|"
        + "setPlainHTTPHost|changeAddress|takeLoginOutOfAddress|record|forget|setOnServers|applyStructure|keepSavedSearchLabels|"
        + "treatAsOld|run|runNewArticles|applyAfterFetch|restore|recordStart|recordEnd|claim|adoptFetchedTitle|settleProvisional"
    static let storeWrite = try! NSRegularExpression(pattern: "\\.(\(tables))\\.(\(writes))\\(|\\bstore(\\(\\))?\\.(write|execute)\\b")
    /// The state changes of articles, wherever they are made.
    static let stateChange = try! NSRegularExpression(pattern: "\\.states\\.(setRead|setStarred|markAllRead|mark)\\(")

    /// Every Swift file under `folder` (relative to the repository), with its lines.
    static func sources(under folder: String) throws -> [(path: String, lines: [String])] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, [String])] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append((String(url.path.dropFirst(root.path.count + 1)), text.components(separatedBy: "\n")))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    static func matches(_ pattern: NSRegularExpression, under folder: String) throws -> [String] {
        try sources(under: folder).flatMap { file in
            file.lines.enumerated().compactMap { number, line -> String? in
                let code = line.components(separatedBy: "//").first ?? line
                let range = NSRange(code.startIndex..., in: code)
                return pattern.firstMatch(in: code, range: range) == nil ? nil : "\(file.path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))"
            }
        }
    }

    @Test("no front end writes the store: every change goes through an AccountManager verb")
    func frontEndsWriteNothing() throws {
        let found = try Self.matches(Self.storeWrite, under: "Sources/LectorCLI")
        #expect(found.isEmpty, "store writes left in the front ends (\(found.count)):\n\(found.joined(separator: "\n"))")
    }

    @Test("above the store, articles are marked read or starred in one place: AccountManager.mark")
    func oneRouteForMarks() throws {
        var found: [String] = []
        for folder in ["Sources/LectorCLI", "Sources/LectorAccounts", "Sources/LectorSync"] {
            found += try Self.matches(Self.stateChange, under: folder)
        }
        let door = "Sources/LectorAccounts/Marks/AccountManager+Mark.swift"
        // The local account's archive re-creates an archived entry starred, as a server takes an
        // imported entry: the "server" side of a restore, not a mark; it stars by the verb's own
        // store route (`ArticleStateChanges.mark`).
        let serverSide = "Sources/LectorSync/Local/StoredStarredArchive.swift"
        // An administrator made without the account core (LectorSync's tests, the bench) stars
        // by the verb's store route too; every one the product makes has the core's door
        // (`AccountManagerMarkVerbTests.administratorStarsThroughMark`).
        let withoutCore = "Sources/LectorAccounts/Starred/AccountAdministrator+Starring.swift"
        let others = found.filter { !$0.hasPrefix(door) && !(($0.hasPrefix(serverSide) || $0.hasPrefix(withoutCore)) && $0.contains(".states.mark(")) }
        #expect(others.isEmpty, "marks made around AccountManager.mark:\n\(others.joined(separator: "\n"))")
        #expect(found.contains { $0.hasPrefix(door) }, "the door itself was not found: the scan is broken")
    }

    @Test("an article is starred by one route: only the mark verb's store half (ArticleStateChanges.mark) calls setStarred")
    func oneStoreRouteForStars() throws {
        // The store's setStarred(_:to:), not a provider's wire call setStarred(_:starred:).
        let setStarred = try NSRegularExpression(pattern: "\\bsetStarred\\([^)]*\\bto:")
        var found: [String] = []
        for folder in ["Sources/LectorCLI", "Sources/LectorAccounts", "Sources/LectorSync", "Sources/LectorStore"] {
            found += try Self.matches(setStarred, under: folder)
        }
        let route = "Sources/LectorStore/ArticleStateChanges.swift"
        let others = found.filter { !$0.hasPrefix(route) }
        #expect(others.isEmpty, "articles starred around ArticleStateChanges.mark (rule actions, the archive, the administrator go through it):\n\(others.joined(separator: "\n"))")
        #expect(found.contains { $0.hasPrefix(route) }, "the route itself was not found: the scan is broken")
    }
}
