import LectorBasics

/// The registry: each kind's descriptor. The one exhaustive `switch` over `AccountKind` — a new
/// service adds its folder and one line here.
public enum AccountServices {
    public static func service(for kind: AccountKind) -> any AccountService {
        switch kind {
        case .freshrss: FreshRSSService()
        case .miniflux: MinifluxService()
        case .fever: FeverService()
        case .feedbin: FeedbinService()
        case .ttrss: TTRSSService()
        case .local: LocalService()
        }
    }
}

extension AccountKind {
    /// What this kind is and can do (`AccountServices`).
    public var service: any AccountService { AccountServices.service(for: self) }
}
