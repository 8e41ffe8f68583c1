import CSQLite

/// The current row of a stepping statement. Valid only inside the closure it is passed to.
public struct Row {
    let handle: OpaquePointer

    /// The number of result columns.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// True when the column holds NULL.
    public func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    public func int(_ index: Int32) -> Int {
        Int(sqlite3_column_int64(handle, index))
    }

    public func int64(_ index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    public func optionalInt(_ index: Int32) -> Int? {
        isNull(index) ? nil : int(index)
    }

    public func bool(_ index: Int32) -> Bool {
        sqlite3_column_int64(handle, index) != 0
    }

    public func double(_ index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    public func optionalDouble(_ index: Int32) -> Double? {
        isNull(index) ? nil : double(index)
    }

    public func string(_ index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        return String(cString: text)
    }

    public func optionalString(_ index: Int32) -> String? {
        isNull(index) ? nil : string(index)
    }

    /// Words in the text in column `index`, counted from SQLite's own buffer (no String is made):
    /// one more than its separators (space, line feed, tab), 0 for empty text or NULL. Up to the
    /// first NUL, as SQLite's length() counts, so that this equals the SQL it replaced,
    /// `length(t) - length(replace(replace(replace(t, ' ', ''), char(10), ''), char(9), '')) + (t <> '')`,
    /// which made three copies of every article's text on every list row.
    public func wordCount(_ index: Int32) -> Int {
        guard let text = sqlite3_column_text(handle, index) else { return 0 }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0 else { return 0 }
        var separators = 0
        for byte in UnsafeBufferPointer(start: text, count: count) {
            if byte == 0 { break }
            if byte == 0x20 || byte == 0x0A || byte == 0x09 { separators += 1 }
        }
        return separators + 1
    }

    /// The text in column `index` as SQLite holds it (UTF-8, no String made), for `body` only.
    func withUTF8<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard let text = sqlite3_column_text(handle, index) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index))))
    }

    public func value(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(int64(index))
        case SQLITE_FLOAT: return .real(double(index))
        case SQLITE_TEXT: return .text(string(index))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
