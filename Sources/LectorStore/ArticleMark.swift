/// A change a person makes to articles' state: what `article mark`, the REPL's dock words,
/// `browse`'s keys and a rule's action ask for (`ArticleStateChanges.mark`, `AccountManager.mark`).
public enum ArticleMark: String, Sendable, CaseIterable, Equatable {
    case read, unread, star, unstar
}
