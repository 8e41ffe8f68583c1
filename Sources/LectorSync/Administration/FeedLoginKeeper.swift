import FoundationEssentials
import LectorStore

/// The keyring's part when a feed behind a login goes away or moves. The keyring is the CLI's:
/// the core only says when, so that however a feed goes (`feed remove`, `feed apply --prune`,
/// `feed check --fix`, its folder deleted) or moves, its secret follows.
public protocol FeedLoginKeeper: Sendable {
    /// Deletes the secret kept for `feed` at its address. The feed is gone either way: this
    /// never fails the removal (a secret the keyring cannot delete now may stay behind).
    func forget(_ feed: Feed)

    /// Keeps `feed`'s secret for `url` as well, before the feed moves there. Throws when the
    /// secret cannot follow; the feed then stays where it is, with its login.
    func copy(_ feed: Feed, to url: URL) throws(AdministrationError)
}
