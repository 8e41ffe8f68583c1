/// The id a local account stores an article under: the feed's local id and the article's own
/// identity (its guid, or what stands in for one), so that one feed can never take over another's
/// articles by reusing their guids. Remote accounts use the server's entry ids, unique per account.
public enum LocalArticleID {
    public static func scoped(feedID: Int64, guid: String) -> String {
        "\(feedID)/\(guid)"
    }
}
