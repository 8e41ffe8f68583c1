import LectorSettings
import LectorStore
import LectorText

/// One completion candidate and its description.
public struct Candidate: Sendable, Equatable {
    public let value: String
    public let help: String
}

/// What the shell should do besides offering the candidates.
public enum CompletionDirective: Int, Sendable {
    case none = 0
    /// Complete file names instead.
    case files = 1
}

/// Answers "what can come next?" for a partly typed command line. The shell scripts call it
/// through `lector __complete WORDS… PARTIAL`; the REPL calls it directly. It reads the store
/// read-only and only when a live value is wanted.
public struct Completer {
    let table: CommandTable
    let inREPL: Bool
    /// Opens the store read-only on demand; nil when there is none.
    let openStore: () -> Store?
    /// Lists the profiles on offer; read only when a profile name is wanted.
    let profiles: () -> [Profile]

    /// Where the store's names are kept between shell completions (nil: read the store each time,
    /// as the REPL, which has it open, does).
    let nameCache: CompletionNameCache?

    init(table: CommandTable = .standard, inREPL: Bool = false, openStore: @escaping () -> Store?,
         profiles: @escaping () -> [Profile] = { [] }, lastList: @escaping () -> [Int64] = { [] },
         nameCache: CompletionNameCache? = nil) {
        self.table = table
        self.inREPL = inREPL
        self.openStore = openStore
        self.profiles = profiles
        self.lastList = lastList
        self.nameCache = nameCache
    }

    /// The article ids of the last `article list`, in the order shown (handle 1 first).
    let lastList: () -> [Int64]

    /// Candidates for the last word of `words` (which may be empty: "complete a new word").
    public func complete(_ words: [String]) -> (candidates: [Candidate], directive: CompletionDirective) {
        let (list, directive) = answer(words)
        return (list.candidates, directive)
    }

    /// `complete`'s answer as the shell gets it: the `__complete` wire format, kept names written
    /// from their bytes.
    func wire(_ words: [String]) -> String {
        let (list, directive) = answer(words)
        return Self.wireFormat(list, directive: directive)
    }

    /// `complete`, kept names left as bytes.
    private func answer(_ words: [String]) -> (list: CandidateList, directive: CompletionDirective) {
        let partial = ShellWords.dequote(words.last ?? "")
        let before = Array(words.dropLast())
        var index = 0
        // Global options before the noun.
        while index < before.count, before[index].hasPrefix("-") { index += 1 }
        guard index < before.count else {
            if partial.hasPrefix("-") && !inREPL { return (.made(filter(OptionSpec.global.map(candidate), partial)), .none) }
            return (.made(filter(table.visibleNouns(inREPL: inREPL).map { Candidate(value: $0.name, help: $0.summary) }, partial)), .none)
        }
        let noun = before[index]
        index += 1
        let spec: CommandSpec
        if table.hasVerbs(noun) {
            guard index < before.count else {
                let verbs = table.commands(ofNoun: noun).map { Candidate(value: $0.path.last ?? "", help: $0.summary) }
                return (.made(filter(verbs, partial)), .none)
            }
            guard let found = table.command([noun, before[index]]) else { return (.made([]), .none) }
            spec = found
            index += 1
        } else {
            guard let found = table.command([noun]) else { return (.made([]), .none) }
            spec = found
        }
        return completeArguments(of: spec, typed: Array(before[index...]), partial: partial)
    }

    private func completeArguments(of spec: CommandSpec, typed: [String],
                                   partial: String) -> (list: CandidateList, directive: CompletionDirective) {
        var positionals: [String] = []
        var given: [String: String] = [:]
        var pendingOption: OptionSpec?
        for word in typed {
            if let option = pendingOption {
                given[option.name] = ShellWords.dequote(word)
                pendingOption = nil
            } else if word.hasPrefix("--"), let option = spec.option(named: String(word.dropFirst(2).prefix { $0 != "=" })) {
                if option.takesValue && !word.contains("=") { pendingOption = option } else { given[option.name] = "" }
            } else if word.hasPrefix("-"), word.count == 2, let option = spec.option(short: word.last!) {
                if option.takesValue { pendingOption = option } else { given[option.name] = "" }
            } else {
                positionals.append(ShellWords.dequote(word))
            }
        }
        let positionalCount = positionals.count
        if let option = pendingOption {
            return values(of: option.source, partial: partial, account: given["account"])
        }
        if partial.hasPrefix("-") {
            let unused = spec.allOptions.filter { given[$0.name] == nil }
            return (.made(filter(unused.map(candidate), partial)), .none)
        }
        let argument: ArgumentSpec? = positionalCount < spec.arguments.count
            ? spec.arguments[positionalCount]
            : (spec.arguments.last?.isVariadic == true ? spec.arguments.last : nil)
        guard let argument else { return (.made([]), .none) }
        if argument.source == .commands {
            // `help feed li…`: complete as if the words after `help` were a command; the first
            // word may also be a page of the manual (`help rules`).
            let commands = complete(Array(typed.suffix(positionalCount)) + [partial]).candidates.filter { !$0.value.hasPrefix("-") }
            let topics = positionalCount == 0 ? filter(Manual.topics.map { Candidate(value: $0.name, help: "manual: " + $0.summary) }, partial) : []
            return (.made(commands + topics), .none)
        }
        let key = spec.arguments.firstIndex { $0.name == "KEY" }.flatMap { $0 < positionals.count ? positionals[$0] : nil }
        return values(of: argument.source, partial: partial, account: given["account"], settingKey: key)
    }

    private func values(of source: ValueSource?, partial: String, account: String?,
                        settingKey: String? = nil) -> (list: CandidateList, directive: CompletionDirective) {
        switch source {
        case nil, .commands?:
            return (.made([]), .none)
        case .settingKeys?, .settingGroups?, .settingValues?, .actions?:
            return (.made(filter(SettingsValues.candidates(for: source, key: settingKey), partial)), .none)
        case .profiles?:
            return (.made(filter(profiles().map { Candidate(value: $0.name, help: $0.description) }, partial)), .none)
        case .files?:
            return (.made([]), .files)
        case .articles?:
            let ids = lastList()
            guard !ids.isEmpty, let store = openStore() else { return (.made([]), .none) }
            let numbered = ids.enumerated().map { index, id in
                Candidate(value: String(index + 1),
                          // Completion cannot show an error: a store it cannot read only means plainer candidates.
                          help: ((try? store.articles.article(id))??.title).map(TerminalText.sanitize) ?? "article")
            }
            return (.made(filter(numbered, partial)), .none)
        case .filter?:
            return (.made(FilterWords.candidates(completing: partial)), .none)
        case .choices(let choices)?:
            return (.made(filter(choices.map { Candidate(value: $0.value, help: $0.help) }, partial)), .none)
        // Names from the store (or kept from it), filtered ignoring case. Completion cannot show
        // an error: a store it cannot read only means fewer candidates (hence try?).
        case .rules?:
            return (storeNames("rules", partial: partial) { store in
                ((try? store.rules.all()) ?? []).map { Candidate(value: $0.name, help: "rule: \($0.expression)") }
            }, .none)
        case .savedSearches?:
            return (storeNames("saved-searches", partial: partial) { store in
                ((try? store.savedSearches.all()) ?? []).map { Candidate(value: $0.name, help: "saved search: \($0.expression)") }
            }, .none)
        case .labels?:
            return (storeNames("labels", account: account, partial: partial) { store in
                let accountID = account.flatMap { try? store.accounts.named($0)?.id }
                var seen: Set<String> = []
                // Unreadable: no labels offered (completion shows no errors).
                return ((try? store.labels.all(accountID: accountID)) ?? []).filter { seen.insert($0.name).inserted }
                    .map { Candidate(value: $0.name, help: "label") }
            }, .none)
        case .accounts?:
            return (storeNames("accounts", partial: partial) { store in
                // Unreadable: no accounts offered (completion shows no errors).
                ((try? store.accounts.all()) ?? []).map { Candidate(value: $0.name, help: "\($0.kind.rawValue) account") }
            }, .none)
        case .feeds?:
            // Kept names are all of them, filtered here; read each time, the store narrows by the prefix.
            let prefix = nameCache == nil ? partial : ""
            return (storeNames("feeds", account: account, partial: partial) { store in
                let accountID = account.flatMap { try? store.accounts.named($0)?.id }
                return ((try? store.feeds.titles(accountID: accountID, prefix: prefix)) ?? []).map { Candidate(value: $0, help: "feed") }
            }, .none)
        case .folders?:
            return (storeNames("folders", account: account, partial: partial) { store in
                let accountID = account.flatMap { try? store.accounts.named($0)?.id }
                return ((try? store.folders.names(accountID: accountID)) ?? []).map { Candidate(value: $0, help: "folder") }
            }, .none)
        }
    }

    /// The names `read` gives from the store, through the name cache when there is one, that
    /// start with `partial` ignoring case; none when there is no store. `account`: the `--account`
    /// they were narrowed to, part of the cache's key.
    private func storeNames(_ kind: String, account: String? = nil, partial: String,
                            _ read: @escaping (Store) -> [Candidate]) -> CandidateList {
        let fromStore = { openStore().map(read) }
        let names = nameCache.map { $0.names(account.map { kind + " --account " + $0 } ?? kind, read: fromStore) } ?? fromStore().map(CandidateList.made)
        return filterIgnoringCase(names ?? .made([]), partial)
    }

    private func candidate(_ option: OptionSpec) -> Candidate {
        Candidate(value: "--" + option.name, help: option.help)
    }

    private func filter(_ candidates: [Candidate], _ partial: String) -> [Candidate] {
        candidates.filter { $0.value.hasPrefix(partial) }
    }

    private func filterIgnoringCase(_ list: CandidateList, _ partial: String) -> CandidateList {
        // Every value starts with nothing: no need to lower-case a thousand feed titles to learn it.
        guard !partial.isEmpty else { return list }
        let lowered = partial.lowercased()
        switch list {
        case .made(let candidates): return .made(candidates.filter { Self.hasPrefixIgnoringCase($0.value, lowered) })
        case .kept(let names): return .kept(names.filtered(ignoringCase: lowered))
        }
    }

    /// `value.lowercased().hasPrefix(loweredPrefix)`, answered from the bytes when both are ASCII
    /// as far as it matters (lower-casing a thousand titles was 0.7 M instructions of a Tab).
    /// Past the prefix the next byte must be ASCII too: a combining mark there would make the
    /// prefix's last letter another character, which `hasPrefix` does not match.
    static func hasPrefixIgnoringCase(_ value: String, _ loweredPrefix: String) -> Bool {
        hasPrefixIgnoringCase(value.utf8, loweredPrefix) { value }
    }

    /// The same for a value's UTF-8 bytes; `value` makes the string when the bytes cannot answer.
    static func hasPrefixIgnoringCase(_ valueUTF8: some Sequence<UInt8>, _ loweredPrefix: String, value: () -> String) -> Bool {
        var valueBytes = valueUTF8.makeIterator()
        for prefixByte in loweredPrefix.utf8 {
            guard prefixByte < 0x80, let byte = valueBytes.next(), byte < 0x80 else { return value().lowercased().hasPrefix(loweredPrefix) }
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != prefixByte { return false }
        }
        guard let next = valueBytes.next(), next >= 0x80 else { return true }
        return value().lowercased().hasPrefix(loweredPrefix)
    }

    /// The `__complete` wire format: `value<TAB>help` lines, then `:<directive>`.
    public static func wireFormat(_ result: (candidates: [Candidate], directive: CompletionDirective)) -> String {
        wireFormat(.made(result.candidates), directive: result.directive)
    }

    static func wireFormat(_ list: CandidateList, directive: CompletionDirective) -> String {
        // Bytes appended into room reserved once, made a String at the end: a thousand feed
        // titles are the common case, and a String appended to piece by piece cost 1.4 M
        // instructions of a completion. Written as they are first; one look over the whole says
        // whether that is what sanitising each would give (no tab, line feed or anything else
        // `inline` changes in any of them), as it is for almost every list of names.
        var output: [UInt8] = []
        let count: Int
        switch list {
        case .made(let candidates):
            count = candidates.count
            output.reserveCapacity(candidates.reduce(8) { $0 + $1.value.utf8.count + $1.help.utf8.count + 2 })
            for candidate in candidates {
                appendUTF8(candidate.value, to: &output)
                output.append(UInt8(ascii: "\t"))
                appendUTF8(candidate.help, to: &output)
                output.append(UInt8(ascii: "\n"))
            }
        case .kept(let names):
            count = names.count
            output.reserveCapacity(names.lineBytes + 8)
            names.appendLines(to: &output)
        }
        let plain = output.withUnsafeBufferPointer(TerminalSanitizer.tabsAndLineFeeds)
        if let plain, plain.tabs == count, plain.lineFeeds == count {
            appendUTF8(":\(directive.rawValue)\n", to: &output)
            return String(decoding: output, as: UTF8.self)
        }
        let candidates = list.candidates
        output.removeAll(keepingCapacity: true)
        // Candidates in a row mostly share their help ("feed"): it is sanitised once for the run of them.
        var lastHelp: (raw: String, sanitized: String)?
        for candidate in candidates {
            appendUTF8(TerminalText.sanitize(candidate.value), to: &output)
            output.append(UInt8(ascii: "\t"))
            if lastHelp?.raw != candidate.help { lastHelp = (candidate.help, TerminalText.sanitize(candidate.help)) }
            appendUTF8(lastHelp!.sanitized, to: &output)
            output.append(UInt8(ascii: "\n"))
        }
        appendUTF8(":\(directive.rawValue)\n", to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `text`'s UTF-8 appended from its storage in one copy (the generic append of a UTF8View
    /// went byte by byte: 0.35 M instructions for a thousand titles).
    private static func appendUTF8(_ text: String, to output: inout [UInt8]) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ output.append(contentsOf: $0) }) { return done }
        var copy = text
        copy.withUTF8 { output.append(contentsOf: $0) }
    }
}
