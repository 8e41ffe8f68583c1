import FoundationEssentials
import LectorFeeds
import LectorSync

/// `feed add --on-server`: the account's server looks for the feeds at an address (Miniflux's
/// `POST /v1/discover`), for a site the server can reach and Lector cannot.
extension AccountAdministrator {
    /// Whether this account's server can discover feeds itself.
    public var discoversOnServer: Bool { account.kind.service.capabilities.discoversOnServer }

    /// The feeds the server found at `url` (none: empty). Refused for a kind whose API cannot.
    public func discoverOnServer(_ url: URL) throws(AdministrationError) -> [FeedCandidate] {
        guard discoversOnServer,
              let found = try server({ () throws(SyncError) in try provider.roles.discovery?.discoverOnServer(url) }) else {
            throw .unsupported(kind: account.kind, verb: "look for feeds on the server")
        }
        return found
    }

    /// The feeds at `url` for a new subscription, and whether the server found them: Lector looks
    /// itself unless `onServer`; when it cannot reach the address (a network failure, not an
    /// answer it did not like) and the server can look, the server does. A feed with a login is
    /// never handed over: the server would need the login, which stays on this machine.
    public func feedCandidates(at url: URL, finder: FeedFinder, credentials: FeedCredentials?,
                               onServer: Bool) throws(FeedLookupError) -> (found: [FeedFinder.Found], byServer: Bool) {
        if !onServer {
            do throws(FetchError) { return (try finder.find(url, credentials: credentials), false) } catch {
                guard case .network = error, discoversOnServer, credentials == nil else { throw .site(error) }
            }
        }
        do {
            return (try discoverOnServer(url).map { FeedFinder.Found(candidate: $0) }, true)
        } catch {
            throw .server(.administration(error))
        }
    }
}

/// Why no candidates came for a new feed: Lector's own fetch of the site failed, or the server's
/// discovery did.
public enum FeedLookupError: Error, Sendable {
    case site(FetchError)
    case server(AccountsError)
}
