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
    /// The bytes before a key's value, by the key's text (its address), depth and place.
    private var prefixes: [(name: UnsafeRawPointer, depth: Int, first: Bool, bytes: [UInt8])] = []

    init(pretty: Bool, capacity: Int = 4096) {
        self.pretty = pretty
        output.reserveCapacity(capacity)
    }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// Room for `bytes` more, made at once: a list that knows its length asks for its rows'
    /// worth, so the buffer is not copied as it doubles (untouched room costs no page).
    mutating func reserve(_ bytes: Int) {
        output.reserveCapacity(output.count + bytes)
    }

    /// The line feed after the document.
    mutating func endLine() {
        output.append(0x0A)
    }

    /// Starts the next item of the open array.
    mutating func item() {
        separate()
    }

    /// Starts the member `key` of the open object; its value follows. `key` is written as it is:
    /// a name of Lector's own, plain ASCII with nothing to escape. What goes before the value —
    /// the comma, the line break, the indent, the quoted key and the colon — is the same for a
    /// key on every row: it is made once and copied (a thousand rows of eleven keys cost 6.4 M
    /// instructions when written piece by piece).
    mutating func key(_ key: StaticString) {
        let first = empty[empty.count - 1]
        empty[empty.count - 1] = false
        let depth = empty.count
        // A one-character literal may be held as a scalar, without an address: not remembered.
        let name = key.hasPointerRepresentation ? UnsafeRawPointer(key.utf8Start) : nil
        for index in prefixes.indices where name != nil && prefixes[index].name == name && prefixes[index].depth == depth && prefixes[index].first == first {
            output.append(contentsOf: prefixes[index].bytes)
            return
        }
        var bytes: [UInt8] = []
        if !first { bytes.append(UInt8(ascii: ",")) }
        if pretty {
            if !first { bytes.append(0x0A) }
            bytes.append(contentsOf: repeatElement(0x20, count: depth * 2))
        }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        if pretty { bytes.append(contentsOf: Self.prettyColon) } else { bytes.append(UInt8(ascii: ":")) }
        if let name { prefixes.append((name, depth, first, bytes)) }
        output.append(contentsOf: bytes)
    }

    /// A key that comes from data (a dictionary's), escaped.
    private mutating func key(escaping key: String) {
        separate()
        JSONTextWriter.appendQuoted(key, to: &output)
        if pretty { output.append(contentsOf: Self.prettyColon) } else { output.append(UInt8(ascii: ":")) }
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
    mutating func member(_ key: StaticString, ifPresent text: String?) {
        guard let text else { return }
        self.key(key)
        string(text)
    }

    /// A `[String: String]` as `JSONEncoder` writes it with sorted keys.
    mutating func object(_ dictionary: [String: String]) {
        openObject()
        for key in dictionary.keys.sorted(by: JSONTextWriter.precedes) {
            self.key(escaping: key)
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

    // Bytes appended in runs, never one by one or from an array literal: a byte at a time (and
    // literals the optimiser left as arrays) cost 14 M instructions for 1,000 feed rows.
    private static let prettyColon: [UInt8] = [0x20, UInt8(ascii: ":"), 0x20]
    private static let separator: [UInt8] = [UInt8(ascii: ","), 0x0A]
    private static let spaces = [UInt8](repeating: 0x20, count: 64)

    private mutating func separate() {
        if empty[empty.count - 1] {
            empty[empty.count - 1] = false
        } else if pretty {
            output.append(contentsOf: Self.separator)
        } else {
            output.append(UInt8(ascii: ","))
        }
        if pretty { indent(empty.count) }
    }

    private mutating func indent(_ depth: Int) {
        var left = depth * 2
        while left > 0 {
            let run = min(left, Self.spaces.count)
            output.append(contentsOf: Self.spaces[0..<run])
            left -= run
        }
    }
}

/// A value that writes itself to a `JSONStream`; `JSONTextEncoder` takes this path first.
protocol JSONStreamWritable {
    func write(to stream: inout JSONStream)
}

extension Array: JSONStreamWritable where Element: JSONStreamWritable {
    func write(to stream: inout JSONStream) {
        // A feed row is about 260 bytes pretty.
        stream.reserve(count * 512)
        stream.openArray()
        for element in self {
            stream.item()
            element.write(to: &stream)
        }
        stream.closeArray()
    }
}
