/// What can go wrong opening or using the store, phrased for the person at the terminal.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case database(DatabaseError)
    case newerSchema(path: String, found: Int, supported: Int)
    case migrationFailed(name: String, reason: String)
    case cannotCreateDirectory(path: String, reason: String)
    case notFound(what: String, name: String)
    case conflict(String)
    /// A table operation failed for a reason that is not SQLite's (a row that cannot be mapped).
    case failed(String)

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
        case .newerSchema(let path, let found, let supported):
            return "the store \(path) has schema version \(found), but this Lector understands up to \(supported): upgrade Lector (or move the file aside to start fresh)"
        case .migrationFailed(let name, let reason):
            return "could not upgrade the store (step '\(name)'): \(reason); the store was left at the previous version"
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create \(path): \(reason)"
        case .notFound(let what, let name):
            return "no \(what) named '\(name)'"
        case .conflict(let message), .failed(let message):
            return message
        }
    }
}
