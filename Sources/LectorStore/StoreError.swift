/// What can go wrong opening or using the store, phrased for the person at the terminal.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case database(DatabaseError)
    /// Steps were applied to the store that this binary does not know (by their names).
    case newerSchema(path: String, unknownSteps: [String])
    case migrationFailed(name: String, reason: String)
    case cannotCreateDirectory(path: String, reason: String)
    case notFound(what: String, name: String)
    case conflict(String)
    /// A table operation failed for a reason that is not SQLite's (a row that cannot be mapped).
    case failed(String)
    /// The file is not a SQLite database (26) or SQLite found it damaged (11).
    case damaged(path: String, code: Int32)
    /// The body of a `Store.write` threw an error of its own (not the store's): the write was
    /// rolled back, and the error is kept whole; it reads as the error itself.
    case aborted(BodyError)

    public var description: String {
        switch self {
        case .database(let error) where error.isDiskFull:
            return "the disk is full: the store could not save the change (nothing was lost); free some space and try again"
        case .database(let error) where error.isBusy:
            return "the store is busy: another Lector process kept it locked for more than 5 s; try again"
        case .database(let error) where error.isIOError:
            return "the store could not be read or written (\(error.message)); check the disk and its free space"
        case .database(let error):
            return error.description
        case .newerSchema(let path, let unknownSteps):
            return "the store \(path) was upgraded by a newer Lector (this one does not know its step '\(unknownSteps.joined(separator: "', '"))'): "
                + "upgrade Lector (or move the file aside to start fresh)"
        case .migrationFailed(let name, let reason):
            return "could not upgrade the store (step '\(name)'): \(reason); the store was left at the previous version"
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create \(path): \(reason)"
        case .notFound(let what, let name):
            return "no \(what) named '\(name)'"
        case .conflict(let message), .failed(let message):
            return message
        case .aborted(let body):
            return body.description
        case .damaged(let path, let code):
            return "the store \(path) is damaged (SQLite error \(code): \(code & 0xFF == 26 ? "not a database" : "corrupt")); "
                + "nothing was changed. Restore a backup ('lector backup restore FILE' after moving the file aside), "
                + "or move it aside to start fresh: mv '\(path)' '\(path).damaged'"
        }
    }
}

/// An error a `Store.write` body threw that is not the store's, kept whole in `StoreError.aborted`.
/// Errors need not be `Equatable`: two are equal when they are the same value as Swift prints it.
public struct BodyError: Error, Sendable, Equatable, CustomStringConvertible {
    public let error: any Error

    public init(_ error: any Error) {
        self.error = error
    }

    public var description: String { "\(error)" }

    public static func == (left: BodyError, right: BodyError) -> Bool {
        String(reflecting: left.error) == String(reflecting: right.error)
    }
}

extension StoreError {
    /// What a write threw, as a `StoreError`: the store's own unchanged, SQLite's as the store
    /// names it, anything else kept whole in `.aborted`.
    init(writing error: any Error) {
        switch error {
        case let error as StoreError: self = error
        case let error as DatabaseError: self = StoreError(error)
        default: self = .aborted(BodyError(error))
        }
    }

    /// The error for a layer above to map onto its own: a write body's own error when it aborted
    /// the write (that layer knows its type), SQLite's as the store names it, any other as it is.
    /// The one place the layers' error ladders look through the store.
    public static func unwrapped(_ error: any Error) -> any Error {
        switch error {
        case StoreError.aborted(let body): body.error
        case let error as DatabaseError: StoreError(error)
        default: error
        }
    }

    /// A failure SQLite reported, as the store names it: damage met by a query (the error knows
    /// the file) is `.damaged`, like damage found on opening.
    public init(_ error: DatabaseError) {
        if let file = error.damagedFile, let damaged = Self.damage(error, path: file) { self = damaged } else { self = .database(error) }
    }

    /// `.damaged` for SQLite's NOTADB (26) and CORRUPT (11), whatever the extended code; nil otherwise.
    static func damage(_ error: DatabaseError, path: String) -> StoreError? {
        error.isDamage ? .damaged(path: path, code: error.code) : nil
    }
}
