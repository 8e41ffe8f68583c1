import LectorBasics
import LectorKeyring
import LectorStore

/// How an account's secret is filed in the keyring: by what identifies the login (service,
/// server, user), not by a local id, so a restored backup finds a secret that is already there.
public enum AccountSecret {
    public static func item(kind: AccountKind, url: String?, user: String?) -> SecretItem {
        let server = url ?? "local"
        let login = user ?? "token"
        return .account(id: "\(kind.rawValue):\(login)@\(server)", kind: kind.rawValue, server: server, user: login)
    }

    public static func item(for account: Account) -> SecretItem {
        item(kind: account.kind, url: account.url, user: account.username)
    }
}
