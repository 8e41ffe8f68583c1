import FoundationEssentials
import LectorFeeds

/// `feed add --on-server`: the account's server looks for the feeds at an address (Miniflux's
/// `POST /v1/discover`), for a site the server can reach and Lector cannot.
extension AccountAdministrator {
    /// Whether this account's server can discover feeds itself.
    public var discoversOnServer: Bool { account.kind == .miniflux }

    /// The feeds the server found at `url` (none: empty). Refused for a kind whose API cannot.
    public func discoverOnServer(_ url: URL) throws(AdministrationError) -> [FeedCandidate] {
        guard discoversOnServer,
              let found = try server({ () throws(SyncError) in try provider.discoverOnServer(url) }) else {
            throw .unsupported(kind: account.kind, verb: "look for feeds on the server")
        }
        return found
    }
}
