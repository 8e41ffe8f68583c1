extension Schema {
    /// v9: the feeds whose address may carry a login (`user:password@`, as an older Lector stored
    /// them), found without reading every feed.
    ///
    /// Every command that opens the store for writing looks for them, to move such a password to
    /// the keyring: the scan of every address cost a tenth of a millisecond at 1,000 feeds; this
    /// partial index is empty once they are moved, and a look-up in it costs next to nothing.
    /// `FeedsTable.addressesWithLogin` repeats its condition word for word, as SQLite requires.
    static let feedAddressLoginIndex = """
    CREATE INDEX feeds_with_address_login ON feeds (id) WHERE url LIKE '%://%@%';
    """
}
