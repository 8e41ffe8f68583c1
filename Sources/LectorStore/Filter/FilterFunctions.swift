import CSQLite

/// The two SQL functions a compiled filter calls, registered on a connection the first time it
/// runs one (`Database.filterFunctions()`):
///
/// - `lector_contains(text, needle)`: the needle's words are consecutive words of the text, both
///   cut, folded and stemmed by the search index's own tokenizer — what the index answers for
///   `title` and `content`, for the fields it does not hold.
/// - `lector_matches(text, pattern)`: the regular expression (`FilterPattern`) is found in the
///   text; each pattern is compiled once per connection.
final class FilterFunctions {
    let tokenizer: SearchTokenizer
    private var needles: [String: [[UInt8]]] = [:]
    private var patterns: [String: FilterPattern?] = [:]

    init(tokenizer: SearchTokenizer, connection: OpaquePointer) throws(DatabaseError) {
        self.tokenizer = tokenizer
        let context = Unmanaged.passUnretained(self).toOpaque()
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        for (name, function) in [("lector_contains", Self.containsFunction), ("lector_matches", Self.matchesFunction)] {
            let code = sqlite3_create_function_v2(connection, name, 2, flags, context, function, nil, nil, nil)
            guard code == SQLITE_OK else { throw DatabaseError(code: code, message: "cannot register \(name)") }
        }
    }

    /// Whether `needle`'s words are consecutive words of `text`.
    func contains(_ text: UnsafeBufferPointer<UInt8>, needle: String) -> Bool {
        Self.contains(text, needleTokens(needle), tokenizer: tokenizer)
    }

    /// Whether the needle's tokens (`tokenizer.tokens(of:_:.query)`) are consecutive words of `text`.
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ wanted: [[UInt8]], tokenizer: SearchTokenizer) -> Bool {
        guard let first = wanted.first else { return false }
        var found = false
        // One word, the usual needle: each token compared where the tokenizer holds it.
        if wanted.count == 1 {
            tokenizer.forEachToken(in: text, .document) { token in
                if !found && token.elementsEqual(first) { found = true }
            }
            return found
        }
        // A window of the last tokens seen, compared with the needle at each step.
        var window: [[UInt8]] = []
        tokenizer.forEachToken(in: text, .document) { token in
            guard !found else { return }
            if window.count == wanted.count { window.removeFirst() }
            window.append(Array(token))
            found = window.count == wanted.count && window == wanted
        }
        return found
    }

    func needleTokens(_ needle: String) -> [[UInt8]] {
        if let known = needles[needle] { return known }
        let tokens = tokenizer.tokens(of: needle, .query)
        needles[needle] = tokens
        return tokens
    }

    /// Whether `pattern` is found in `text`; false for a pattern that does not compile (the
    /// parser refuses those, so only a stored filter from elsewhere can hold one).
    func matches(_ text: UnsafePointer<CChar>, pattern: String) -> Bool {
        if patterns[pattern] == nil { patterns[pattern] = .some(try? FilterPattern(pattern)) }
        guard let compiled = patterns[pattern] ?? nil else { return false }
        return compiled.isFound(in: text)
    }

    private static let containsFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, values in
        guard let context, let values, let functions = FilterFunctions.functions(context) else { return }
        let text = values[0], needle = values[1]
        guard let needleText = sqlite3_value_text(needle), let bytes = sqlite3_value_text(text) else {
            sqlite3_result_int(context, 0)
            return
        }
        let buffer = UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(text)))
        sqlite3_result_int(context, functions.contains(buffer, needle: String(cString: needleText)) ? 1 : 0)
    }

    private static let matchesFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, values in
        guard let context, let values, let functions = FilterFunctions.functions(context) else { return }
        guard let pattern = sqlite3_value_text(values[1]), let text = sqlite3_value_text(values[0]) else {
            sqlite3_result_int(context, 0)
            return
        }
        let found = text.withMemoryRebound(to: CChar.self, capacity: Int(sqlite3_value_bytes(values[0])) + 1) {
            functions.matches($0, pattern: String(cString: pattern))
        }
        sqlite3_result_int(context, found ? 1 : 0)
    }

    private static func functions(_ context: OpaquePointer) -> FilterFunctions? {
        sqlite3_user_data(context).map { Unmanaged<FilterFunctions>.fromOpaque($0).takeUnretainedValue() }
    }
}
