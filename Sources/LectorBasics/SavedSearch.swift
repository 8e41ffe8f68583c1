/// A saved search: a filter kept under a name (`search save`), as the store holds it and the
/// backup's `saved_searches` section carries it. It lives in LectorBasics because those two are
/// sibling floors (LectorStore, LectorSettings) and neither depends on the other.
public struct SavedSearch: Codable, Sendable, Equatable {
    public var name: String
    public var expression: String
    /// Whether a label of its name is kept on what it matches in accounts whose server keeps
    /// labels (`search save --label`), so the server's other clients see the search.
    public var label: Bool

    public init(name: String, expression: String, label: Bool = false) {
        self.name = name
        self.expression = expression
        self.label = label
    }

    enum CodingKeys: String, CodingKey { case name, expression, label }

    /// `label` may be absent: files from before it read as not kept as a label.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name), expression: try container.decode(String.self, forKey: .expression),
                  label: try container.decodeIfPresent(Bool.self, forKey: .label) ?? false)
    }

    /// `label` is written only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(expression, forKey: .expression)
        if label { try container.encode(true, forKey: .label) }
    }
}
