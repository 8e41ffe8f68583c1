/// A parsed filter: the language of `article list --where`, rules and saved searches
/// (docs/rules.md). Parsed once from its text (`FilterParser`), compiled to SQL by the store
/// (`FilterSQL`); the text is what is stored, so a rule reads the same after an upgrade.
public indirect enum FilterExpression: Sendable, Equatable {
    case and(FilterExpression, FilterExpression)
    case or(FilterExpression, FilterExpression)
    case not(FilterExpression)
    /// A test of one of an article's texts.
    case text(TextField, TextTest)
    /// `published < DATE` / `published > DATE` (seconds since 1970, UTC).
    case published(Order, Double)
    /// `age < 2d` / `age > 30d`: how long ago the article is from (seconds).
    case age(Order, Double)
    /// `unread`, `starred`, `starred = false`.
    case flag(FlagField, Bool)

    /// The article texts a filter can test.
    public enum TextField: String, Sendable, CaseIterable {
        case title, content, author, url, feed, folder, account, label
    }

    /// The yes-or-no fields.
    public enum FlagField: String, Sendable, CaseIterable {
        case unread, starred
    }

    public enum Order: String, Sendable {
        case before = "<", after = ">"
    }

    public enum TextTest: Sendable, Equatable {
        /// The needle's words appear as consecutive words of the text, folded and stemmed as the
        /// search index folds and stems them (`SearchTokenizer`).
        case contains(String)
        /// A regular expression (POSIX extended, see `FilterPattern`) found anywhere in the text.
        case matches(String)
        /// The whole text, ASCII case aside; `equal == false` for `!=`.
        case equals(String, equal: Bool)
    }

    /// Every field name, for errors, help and completion.
    public static let fieldNames: [String] = TextField.allCases.map(\.rawValue) + ["published", "age"] + FlagField.allCases.map(\.rawValue)
    /// The operators, for errors, help and completion.
    public static let operatorWords = ["contains", "matches", "=", "!=", "<", ">"]
    /// The words that join tests.
    public static let connectives = ["and", "or", "not"]
}
