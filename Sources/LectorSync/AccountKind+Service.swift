import LectorBasics

extension AccountKind {
    /// What the service is, in the words `account add --help` and the completions show for KIND.
    public var serviceSummary: String {
        switch self {
        case .freshrss: "FreshRSS or another Google Reader API server (also Miniflux's GReader endpoint)"
        case .miniflux: "Miniflux REST API (API token, or user and password)"
        case .fever: "a Fever API server (FreshRSS, Miniflux)"
        case .feedbin: "Feedbin"
        case .ttrss: "Tiny Tiny RSS JSON API (user and password; API access on)"
        case .local: "no server: Lector fetches the feeds itself"
        }
    }
}
