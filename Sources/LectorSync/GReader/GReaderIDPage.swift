import FoundationEssentials

/// One page of `stream/items/ids`, decoded straight into Swift values: an unread list is tens of
/// thousands of ids, and JSONSerialization plus bridging each `{"id": …}` object took about 2.5×
/// as long per page.
struct GReaderIDPage: Decodable {
    /// The ids in their short (decimal) form. Every id is kept, never dropped for an unexpected
    /// form: a complete unread list that silently lost members would mark those entries read.
    let ids: [String]
    /// Where the next page starts; nil on the last page (an empty string means the same).
    let continuation: String?

    private enum Keys: String, CodingKey { case itemRefs, continuation, id }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        ids = (try container.decodeIfPresent([Ref].self, forKey: .itemRefs) ?? []).map { GReaderItemID.key($0.id) }
        let next = try Self.stringOrNumber(container, .continuation)
        continuation = next?.isEmpty == true ? nil : next
    }

    /// `{"id": "…"}`; some servers send the id as a number.
    private struct Ref: Decodable {
        let id: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            guard let id = try GReaderIDPage.stringOrNumber(container, .id) else {
                throw DecodingError.keyNotFound(Keys.id, .init(codingPath: container.codingPath, debugDescription: "an item ref without an id"))
            }
            self.id = id
        }
    }

    private static func stringOrNumber(_ container: KeyedDecodingContainer<Keys>, _ key: Keys) throws -> String? {
        // Not a string: try the number form below, whose error is the one reported.
        if let text = try? container.decodeIfPresent(String.self, forKey: key) { return text }
        return try container.decodeIfPresent(Int64.self, forKey: key).map(String.init)
    }
}
