/// The roles Feedbin's API plays beyond the account's verbs, as `FeedbinService` declares them.
extension FeedbinProvider: ServerPulling {
    public var roles: ProviderRoles { ProviderRoles(pull: self) }
}
