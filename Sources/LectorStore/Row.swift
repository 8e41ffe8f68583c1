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
