import FoundationEssentials
import LectorStore
import LectorSync

/// The keyring's part when a feed behind a login goes away or moves, and where the secrets among
/// its server settings (`cookie`, `server-login`'s password) are kept. The keyring is the app's:
/// the core only says when, so that however a feed goes (`feed remove`, `feed apply --prune`,
/// `feed check --fix`, its folder deleted) or moves, its secrets follow.
public protocol FeedLoginKeeper: Sendable {
    /// Deletes the secret kept for `feed` at its address. The feed is gone either way: this
    /// never fails the removal (a secret the keyring cannot delete now may stay behind).
    func forget(_ feed: Feed)

    /// Keeps `feed`'s secret for `url` as well, before the feed moves there. Throws when the
    /// secret cannot follow; the feed then stays where it is, with its login.
    func copy(_ feed: Feed, to url: URL) throws(AdministrationError)

    /// Keeps the secret of one of `feed`'s server settings (nil forgets it). Throws when the
    /// keyring cannot take it.
    func keepSetting(_ secret: String?, _ key: FeedSettingKey, of feed: Feed) throws(AdministrationError)

    /// The secret kept for one of `feed`'s server settings; nil when none is kept (or the keyring
    /// cannot answer now: the secret is then not carried, and the caller says so).
    func settingSecret(_ key: FeedSettingKey, of feed: Feed) -> String?
}
