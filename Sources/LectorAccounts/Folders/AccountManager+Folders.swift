import LectorStore
import LectorSync

extension AccountManager {
    /// Creates a folder on the account's server, then in the store (`AccountAdministrator+Folders`).
    public func createFolder(named name: String, in account: Account) throws(AccountsError) -> FolderPlacement {
        let administrator = try administrator(for: account)
        return try administering { () throws(AdministrationError) in try administrator.createFolder(named: name) }
    }

    /// Renames a folder on the account's server, then in the store.
    public func renameFolder(_ folder: Folder, to name: String, in account: Account) throws(AccountsError) -> ServerChange {
        let administrator = try administrator(for: account)
        return try administering { () throws(AdministrationError) in try administrator.renameFolder(folder, to: name) }
    }

    /// Whether deleting a folder of this account with feeds in it deletes its feeds too (the
    /// server's rule: Miniflux), for the question asked first; refused where the service cannot
    /// delete folders at all.
    public func folderDeletionDeletesFeeds(in account: Account) throws(AccountsError) -> Bool {
        let administrator = try administrator(for: account)
        try administering { () throws(AdministrationError) in try administrator.requireEditing("delete folders") }
        return administrator.deletingFolderDeletesFeeds
    }

    /// Deletes a folder on the account's server, then in the store.
    public func deleteFolder(_ folder: Folder, in account: Account) throws(AccountsError) -> FolderDeletion {
        let administrator = try administrator(for: account)
        return try administering { () throws(AdministrationError) in try administrator.deleteFolder(folder) }
    }
}
