/// The sections of a backup that can be large (`starred`): the reader walks past them while it
/// reads the rest (holding one value at a time), keeps where each starts, and checks them
/// once the header has said how. A section named here whose value is not an object is read
/// as any other member, and refused by its check.
struct StreamedSections {
    static let names: Set<String> = ["starred"]
    let source: JSONSource
    var places: [String: JSONPosition] = [:]

    /// Where the section `name` starts in the file, if it was walked past.
    subscript(name: String) -> StreamedValue? {
        places[name].map { StreamedValue(source: source, start: $0) }
    }
}

/// A value to read again from the file: its source and where it starts.
struct StreamedValue {
    let source: JSONSource
    let start: JSONPosition
}
