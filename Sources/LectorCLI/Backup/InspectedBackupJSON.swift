import LectorSettings

/// What `backup inspect --json` prints: the document with its starred articles and the warnings.
/// The articles are read from the file only when it is written, so the plain summary never
/// gathers them.
struct InspectedBackupJSON: Encodable, Sendable {
    let document: BackupDocument
    let warnings: [String]

    func encode(to encoder: any Encoder) throws {
        var json = document.jsonValue.objectValue ?? [:]
        json["starred"] = try document.starred?.jsonValue()
        json["warnings"] = .array(warnings.map(JSONValue.string))
        try JSONValue.object(json).encode(to: encoder)
    }
}
