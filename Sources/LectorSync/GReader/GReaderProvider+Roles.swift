/// The roles FreshRSS's Google Reader API plays beyond the account's verbs, as `FreshRSSService`
/// declares them.
extension GReaderProvider: ServerPulling, FeedEntriesListing, FeedSettingsKeeping, BatchSubscribing, LabelKeeping {
    public var roles: ProviderRoles {
        ProviderRoles(pull: self, feedListing: self, feedSettings: self, batchSubscribe: self, labels: self)
    }
}
