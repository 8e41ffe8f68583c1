/// The roles TT-RSS's API plays beyond the account's verbs, as `TTRSSService` declares them.
extension TTRSSProvider: ServerPulling, LabelKeeping, ServerRefreshing, ServerDiscovering, FeedErrorReporting {
    public var roles: ProviderRoles { ProviderRoles(pull: self, labels: self, serverRefresh: self, discovery: self, feedErrors: self) }
}
