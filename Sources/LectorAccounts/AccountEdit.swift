import LectorKeyring
import LectorStore
import LectorSync

/// A checked change to an account (`account edit`): its name, and where and as whom it logs in.
/// Made by `planEdit` before anything changes, carried out by `applyEdit`.
public struct AccountEdit: Sendable {
    public let account: Account
    /// The new name, when it differs from the account's.
    let newName: String?
    /// The new login, checked for plain http and a user; `endpoint.notes` are for the user.
    public let login: (endpoint: AccountEndpoint, user: String?)?
    let plainHTTPConsented: Bool
}

/// What `applyEdit` did.
public struct AccountEditOutcome: Sendable {
    /// The login the server accepted at the new address, when the login moved.
    public let movedLogin: VerifiedLogin?
    public let renamed: Bool
}

extension AccountManager {
    /// Checks an edit before anything changes: the new name free, a new address or user only for
    /// an account on a server, the address usable, and never a secret over plain http to a new
    /// host unconsented.
    public func planEdit(_ account: Account, name: String?, url: String?, user: String?,
                         plainHTTPConsented: Bool) throws(AccountsError) -> AccountEdit {
        if let name {
            try Self.requireName(name)
            if let other = try storing({ try store.accounts.named(name) }), other.id != account.id { throw .newNameTaken(other.name) }
        }
        var login: (AccountEndpoint, String?)?
        if url != nil || user != nil {
            guard account.kind.hasServer else { throw .localHasNoServer(account: account.name) }
            let user = user ?? account.username
            login = (try movedLoginEndpoint(account, typed: url ?? account.url, user: user, plainHTTPConsented: plainHTTPConsented), user)
        }
        return AccountEdit(account: account, newName: name == account.name ? nil : name, login: login,
                           plainHTTPConsented: plainHTTPConsented)
    }

    /// Carries out a planned edit: the login moves first (checked with the server, with the secret
    /// the keyring holds), then the name.
    public func applyEdit(_ edit: AccountEdit) throws(AccountsError) -> AccountEditOutcome {
        let moved = try edit.login.map { (login) throws(AccountsError) in try moveLogin(edit, to: login.endpoint, as: login.user) }
        if let name = edit.newName { try storing { try store.accounts.rename(edit.account.id, to: name) } }
        return AccountEditOutcome(movedLogin: moved, renamed: edit.newName != nil)
    }

    /// Points the account at `endpoint` as `user` once the server there accepts the secret, and
    /// moves the secret to the keyring item of the new login. As in `addRemote`: the keyring
    /// first, the store after, the new secret taken back out if the store fails — never an
    /// account without its secret, nor a secret without its account.
    private func moveLogin(_ edit: AccountEdit, to endpoint: AccountEndpoint, as user: String?) throws(AccountsError) -> VerifiedLogin {
        let account = edit.account
        let secret = try secret(for: account)
        let consented = edit.plainHTTPConsented || endpoint.candidates.first.map(account.consentsToPlainHTTP) ?? false
        let verified = try verifyLogin(kind: account.kind, endpoint: endpoint, user: user, secret: secret, plainHTTPConsented: consented)
        if let twin = try twin(of: account.kind, url: verified.url, user: user, besides: account.id) { throw .loginTaken(by: twin.name) }
        let oldItem = AccountSecret.item(for: account)
        let newItem = AccountSecret.item(kind: account.kind, url: verified.url.absoluteString, user: user)
        if newItem != oldItem {
            do { try keyring.store(secret, for: newItem) } catch { throw .keyring(error) }
        }
        do throws(AccountsError) {
            try storing {
                try store.accounts.update(account.id, url: verified.url.absoluteString, username: user,
                                          plainHTTPHost: verified.plainHTTPHost(consented: consented))
            }
        } catch {
            // Undo the secret stored a moment ago; the store's error is the one to report.
            if newItem != oldItem { _ = try? keyring.remove(newItem) }
            throw error
        }
        // A secret the keyring cannot delete now only lingers under the old login, never sent again.
        if newItem != oldItem { _ = try? keyring.remove(oldItem) }
        return verified
    }
}
