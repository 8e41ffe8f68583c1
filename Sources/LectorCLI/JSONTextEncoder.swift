import FoundationEssentials

/// Lector's JSON writer for command output: the document `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (or without `.prettyPrinted`) and
/// ISO-8601 dates, byte for byte, with the terminal-unsafe characters already escaped.
///
/// Why not `JSONEncoder` itself: it builds a dictionary per object, sorts each one's keys through
/// generic comparisons and then writes the tree, and a second pass escaped the C1 and bidi controls
/// it leaves raw. `feed list --json` over 1,000 feeds spent 45 M of its 71 M instructions there
/// (callgrind, 2026-12-06). This encoder keeps each object's members in an array, sorts once at
/// write time and escapes while it writes. `JSONTextEncoderTests` holds it to `JSONEncoder`'s
/// output plus `JSONControlEscaping` on every shape Lector prints.
enum JSONTextEncoder {
    /// `endingLine`: a line feed after the document.
    static func encode(_ value: any Encodable, pretty: Bool, endingLine: Bool = false) throws -> String {
        if let streamed = value as? any JSONStreamWritable {
            var stream = JSONStream(pretty: pretty)
            streamed.write(to: &stream)
            if endingLine { stream.endLine() }
            return String(decoding: stream.output, as: UTF8.self)
        }
        let node = try JSONTextEncoding.node(forAny: value, codingPath: [])
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        var writer = JSONTextWriter(pretty: pretty)
        writer.write(node, into: &output, depth: 0)
        if endingLine { output.append(0x0A) }
        return String(decoding: output, as: UTF8.self)
    }
}

/// One value of the document being built. Arrays and objects are boxes: a container handed out
/// by `Encoder` is filled after it is returned, so its parent must hold a reference to it.
enum JSONTextNode {
    /// A literal in its JSON spelling: `true`, `null`, `12`.
    case scalar(String)
    /// A string, escaped as it is written.
    case string(String)
    case array(JSONTextArray)
    case object(JSONTextObject)
}

final class JSONTextArray {
    var items: [JSONTextNode] = []
}

final class JSONTextObject {
    /// Members in the order encoded; a key encoded twice keeps its last value, as `JSONEncoder`'s does.
    var members: [(key: String, value: JSONTextNode)] = []

    init() {
        // Room for a typical output row at once, rather than growing 1, 2, 4, 8, 16.
        members.reserveCapacity(16)
    }
}

/// The `Encoder` that turns `Encodable` values into `JSONTextNode`s.
final class JSONTextEncoding: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    fileprivate(set) var result: JSONTextNode?

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    /// The node for `value`: strings, numbers, dates and addresses at once, everything else through
    /// its `encode(to:)`. Generic, so that the common cases are a metatype comparison rather than
    /// a chain of dynamic casts.
    static func node<T: Encodable>(for value: T, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONTextNode {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .scalar(String(value as! Int)) }
        if T.self == Bool.self { return .scalar((value as! Bool) ? "true" : "false") }
        if T.self == Int64.self { return .scalar(String(value as! Int64)) }
        if T.self == Double.self { return .scalar(try number(value as! Double, codingPath: codingPath())) }
        if T.self == Int32.self { return .scalar(String(value as! Int32)) }
        if T.self == UInt.self { return .scalar(String(value as! UInt)) }
        if T.self == UInt64.self { return .scalar(String(value as! UInt64)) }
        if T.self == Float.self { return .scalar(try number(value as! Float, codingPath: codingPath())) }
        if T.self == Date.self { return .string((value as! Date).formatted(.iso8601)) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        let encoder = JSONTextEncoding(codingPath: codingPath())
        try value.encode(to: encoder)
        // A value that encoded nothing is an empty object, as JSONEncoder writes it.
        return encoder.result ?? .object(JSONTextObject())
    }

    /// `node(for:)` for a value whose type is known only as `Encodable`.
    static func node(forAny value: any Encodable, codingPath: [any CodingKey]) throws -> JSONTextNode {
        try node(for: value, codingPath: codingPath)
    }

    /// JSON has no NaN or infinity; a whole number loses its ".0" (`JSONEncoder` writes 3.0 as 3).
    static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath(), debugDescription: "\(value) is not a JSON number"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: JSONTextObject
        if case .object(let existing)? = result { object = existing } else {
            object = JSONTextObject()
            result = .object(object)
        }
        return KeyedEncodingContainer(JSONTextKeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: JSONTextArray
        if case .array(let existing)? = result { array = existing } else {
            array = JSONTextArray()
            result = .array(array)
        }
        return JSONTextUnkeyedContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONTextSingleValueContainer(encoder: self)
    }

    fileprivate func store(_ node: JSONTextNode) {
        result = node
    }
}

/// An array index as a coding key, for the coding path of nested values.
private struct JSONTextIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct JSONTextKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONTextObject
    let codingPath: [any CodingKey]

    private func add(_ node: JSONTextNode, _ key: Key) {
        object.members.append((key.stringValue, node))
    }

    mutating func encodeNil(forKey key: Key) throws { add(.scalar("null"), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(.scalar(value ? "true" : "false"), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(.string(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(.scalar(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(.scalar(String(value)), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        add(.scalar(try JSONTextEncoding.number(value, codingPath: codingPath + [key])), key)
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        add(try JSONTextEncoding.node(for: value, codingPath: codingPath + [key]), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONTextObject()
        add(.object(nested), key)
        return KeyedEncodingContainer(JSONTextKeyedContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONTextArray()
        add(.array(nested), key)
        return JSONTextUnkeyedContainer(array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        JSONTextReferencingEncoder(codingPath: codingPath) { [object] node in object.members.append(("super", node)) }
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONTextReferencingEncoder(codingPath: codingPath + [key]) { [object] node in object.members.append((key.stringValue, node)) }
    }
}

private struct JSONTextUnkeyedContainer: UnkeyedEncodingContainer {
    let array: JSONTextArray
    let codingPath: [any CodingKey]
    var count: Int { array.items.count }

    private var nextPath: [any CodingKey] { codingPath + [JSONTextIndexKey(intValue: array.items.count)] }

    mutating func encodeNil() throws { array.items.append(.scalar("null")) }
    mutating func encode(_ value: Bool) throws { array.items.append(.scalar(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { array.items.append(.string(value)) }
    mutating func encode(_ value: Int) throws { array.items.append(.scalar(String(value))) }
    mutating func encode(_ value: Int64) throws { array.items.append(.scalar(String(value))) }
    mutating func encode(_ value: Double) throws {
        array.items.append(.scalar(try JSONTextEncoding.number(value, codingPath: nextPath)))
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        array.items.append(try JSONTextEncoding.node(for: value, codingPath: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONTextObject()
        let path = nextPath
        array.items.append(.object(nested))
        return KeyedEncodingContainer(JSONTextKeyedContainer<NestedKey>(object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONTextArray()
        let path = nextPath
        array.items.append(.array(nested))
        return JSONTextUnkeyedContainer(array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        JSONTextReferencingEncoder(codingPath: nextPath) { [array] node in array.items.append(node) }
    }
}

private struct JSONTextSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONTextEncoding
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.store(.scalar("null")) }
    mutating func encode(_ value: Bool) throws { encoder.store(.scalar(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { encoder.store(.string(value)) }
    mutating func encode(_ value: Int) throws { encoder.store(.scalar(String(value))) }
    mutating func encode(_ value: Int64) throws { encoder.store(.scalar(String(value))) }
    mutating func encode(_ value: Double) throws { encoder.store(.scalar(try JSONTextEncoding.number(value, codingPath: codingPath))) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.store(try JSONTextEncoding.node(for: value, codingPath: codingPath)) }
}

/// The encoder a `superEncoder()` hands out: whatever is encoded into it lands in its parent.
private final class JSONTextReferencingEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private let inner: JSONTextEncoding
    private let place: (JSONTextNode) -> Void
    private var placed = false

    init(codingPath: [any CodingKey], place: @escaping (JSONTextNode) -> Void) {
        self.codingPath = codingPath
        self.inner = JSONTextEncoding(codingPath: codingPath)
        self.place = place
    }

    private func placeOnce() {
        guard !placed else { return }
        placed = true
        // Containers are boxes: placing the box now lets later writes into it show in the parent.
        if let result = inner.result { place(result) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        defer { placeOnce() }
        return inner.container(keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        defer { placeOnce() }
        return inner.unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONTextPlacingSingleValueContainer(inner: inner) { [self] node in
            placed = true
            place(node)
        }
    }
}

private struct JSONTextPlacingSingleValueContainer: SingleValueEncodingContainer {
    let inner: JSONTextEncoding
    let place: (JSONTextNode) -> Void
    var codingPath: [any CodingKey] { inner.codingPath }

    mutating func encodeNil() throws { place(.scalar("null")) }
    mutating func encode(_ value: Bool) throws { place(.scalar(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { place(.string(value)) }
    mutating func encode(_ value: Int) throws { place(.scalar(String(value))) }
    mutating func encode(_ value: Int64) throws { place(.scalar(String(value))) }
    mutating func encode(_ value: Double) throws { place(.scalar(try JSONTextEncoding.number(value, codingPath: codingPath))) }
    mutating func encode<T: Encodable>(_ value: T) throws { place(try JSONTextEncoding.node(for: value, codingPath: codingPath)) }
}
