import CSQLite

/// The tokenizer the search index is built with (`porter unicode61 remove_diacritics 2`), borrowed
/// from the connection's FTS5 so that a word shown as a match is folded and stemmed exactly as the
/// index folded and stemmed it: a stemmer of our own would drift from SQLite's on the odd word.
/// Belongs to one connection, like the connection itself.
final class SearchTokenizer {
    private var module = fts5_tokenizer()
    private let instance: OpaquePointer

    /// What the tokenizer is asked to cut: a document's words, or a query's (whose last word may
    /// be a prefix).
    enum Purpose {
        case document, query, prefixQuery

        var flags: Int32 {
            switch self {
            case .document: FTS5_TOKENIZE_DOCUMENT
            case .query: FTS5_TOKENIZE_QUERY
            case .prefixQuery: FTS5_TOKENIZE_QUERY | FTS5_TOKENIZE_PREFIX
            }
        }
    }

    init(connection: OpaquePointer) throws(DatabaseError) {
        var api: UnsafeMutablePointer<fts5_api>?
        var statement: OpaquePointer?
        // SQLite hands out its FTS5 API only as a pointer bound to `SELECT fts5(?)`, tagged with a
        // type name that must outlive the statement: hence the static string.
        let pointerType: StaticString = "fts5_api_ptr"
        var code = sqlite3_prepare_v2(connection, "SELECT fts5(?1)", -1, &statement, nil)
        if code == SQLITE_OK {
            code = withUnsafeMutablePointer(to: &api) { sqlite3_bind_pointer(statement, 1, $0, Self.cString(pointerType), nil) }
            if code == SQLITE_OK { code = sqlite3_step(statement) == SQLITE_ROW ? SQLITE_OK : sqlite3_errcode(connection) }
        }
        sqlite3_finalize(statement)
        guard code == SQLITE_OK, let api, let find = api.pointee.xFindTokenizer else {
            throw DatabaseError(code: code == SQLITE_OK ? SQLITE_ERROR : code, message: "this SQLite has no FTS5 to search with")
        }
        var context: UnsafeMutableRawPointer?
        code = find(api, "porter", &context, &module)
        var created: OpaquePointer?
        if code == SQLITE_OK, let create = module.xCreate {
            var arguments: [UnsafePointer<CChar>?] = [Self.cString("unicode61"), Self.cString("remove_diacritics"), Self.cString("2")]
            code = create(context, &arguments, Int32(arguments.count), &created)
        }
        guard code == SQLITE_OK, let created else {
            throw DatabaseError(code: code == SQLITE_OK ? SQLITE_ERROR : code, message: "FTS5's porter tokenizer is missing")
        }
        instance = created
    }

    /// A string literal as the C string it is stored as, valid for the life of the program.
    private static func cString(_ literal: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    deinit {
        module.xDelete?(instance)
    }

    /// Calls `body` with each token of `text` as the tokenizer folds and stems it.
    func forEachToken(in text: UnsafeBufferPointer<UInt8>, _ purpose: Purpose, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let tokenize = module.xTokenize, let base = text.baseAddress else { return }
        withoutActuallyEscaping(body) { body in
            var visitor = body
            withUnsafeMutablePointer(to: &visitor) { visitorPointer in
                _ = base.withMemoryRebound(to: CChar.self, capacity: text.count) { characters in
                    tokenize(instance, visitorPointer, purpose.flags, characters, Int32(text.count)) { context, _, token, length, _, _ in
                        guard let context, let token else { return SQLITE_OK }
                        let visit = context.assumingMemoryBound(to: ((UnsafeBufferPointer<UInt8>) -> Void).self).pointee
                        token.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { visit(UnsafeBufferPointer(start: $0, count: Int(length))) }
                        return SQLITE_OK
                    }
                }
            }
        }
    }

    /// The tokens of `text`, folded and stemmed, as byte arrays.
    func tokens(of text: String, _ purpose: Purpose) -> [[UInt8]] {
        var tokens: [[UInt8]] = []
        var copy = text
        copy.withUTF8 { bytes in forEachToken(in: bytes, purpose) { tokens.append(Array($0)) } }
        return tokens
    }
}
