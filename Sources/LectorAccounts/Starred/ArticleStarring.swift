/// Stars articles for an administrator: the account core's one door for marks
/// (`AccountManager.mark`), which writes the state with its intent; the administrator pushes.
public protocol ArticleStarring {
    func star(_ articleIDs: [Int64]) throws(AdministrationError)
}
