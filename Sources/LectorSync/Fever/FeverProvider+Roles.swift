/// The Fever API only pulls (and marks): it plays no other role (`FeverService`).
extension FeverProvider: ServerPulling {
    public var roles: ProviderRoles { ProviderRoles(pull: self) }
}
