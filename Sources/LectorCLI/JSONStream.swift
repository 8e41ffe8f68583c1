/// A JSON document written straight to bytes as its values come, in `JSONTextWriter`'s layout
/// (`JSONEncoder`'s: two-space indents and `"key" : value` when pretty, nothing between tokens
/// when compact). For outputs of many rows of one type (`feed list --json`), where building the
/// `JSONTextNode` tree and sorting each object's keys cost more than writing the text: 22 M of
/// `feed list --json`'s 44 M instructions over 1,000 feeds (callgrind, 2026-12-06).
///
/// A type that writes itself here names its members in UTF-8 key order and leaves out a nil
/// optional, as the encoder's `encodeIfPresent` does; `JSONStreamTests` hold each such type to
/// the tree encoder's output.
struct JSONStream {
    let pretty: Bool
    private(set) var output: [UInt8] = []
    /// Per open container: whether nothing has been written in it yet.
    private var empty: [Bool] = []

    init(pretty: Bool, capacity: Int = 4096) {
        self.pretty = pretty
        output.reserveCapacity(capacity)
    }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// Starts the next item of the open array.
    mutating func item() {
        separate()
    }

    /// Starts the member `key` of the open object; its value follows.
    mutating func key(_ key: String) {
        separate()
        JSONTextWriter.appendQuoted(key, to: &output)
        if pretty { output.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20]) } else { output.append(UInt8(ascii: ":")) }
    }

    mutating func string(_ text: String) {
        JSONTextWriter.appendQuoted(text, to: &output)
    }

    mutating func integer(_ value: Int64) {
        output.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        output.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// `key` and its string value, or nothing when it is nil.
    mutating func member(_ key: String, ifPresent text: String?) {
        guard let text else { return }
        self.key(key)
        string(text)
    }

    /// A `[String: String]` as `JSONEncoder` writes it with sorted keys.
    mutating func object(_ dictionary: [String: String]) {
        openObject()
        for key in dictionary.keys.sorted(by: JSONTextWriter.precedes) {
            self.key(key)
            string(dictionary[key]!)
        }
        closeObject()
    }

    private mutating func open(_ bracket: UInt8) {
        output.append(bracket)
        if pretty { output.append(0x0A) }
        empty.append(true)
    }

    private mutating func close(_ bracket: UInt8) {
        empty.removeLast()
        if pretty {
            output.append(0x0A)
            indent(empty.count)
        }
        output.append(bracket)
    }

    private mutating func separate() {
        if empty[empty.count - 1] {
            empty[empty.count - 1] = false
        } else {
            output.append(UInt8(ascii: ","))
            if pretty { output.append(0x0A) }
        }
        if pretty { indent(empty.count) }
    }

    private mutating func indent(_ depth: Int) {
        for _ in 0..<depth { output.append(contentsOf: [0x20, 0x20]) }
    }
}

/// A value that writes itself to a `JSONStream`; `JSONTextEncoder` takes this path first.
protocol JSONStreamWritable {
    func write(to stream: inout JSONStream)
}

extension Array: JSONStreamWritable where Element: JSONStreamWritable {
    func write(to stream: inout JSONStream) {
        stream.openArray()
        for element in self {
            stream.item()
            element.write(to: &stream)
        }
        stream.closeArray()
    }
}
