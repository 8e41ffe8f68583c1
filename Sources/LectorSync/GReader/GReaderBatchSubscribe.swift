import FoundationEssentials

/// Several subscriptions in one `subscription/edit ac=subscribe`: an `s` per feed, the n-th `t`
/// naming the n-th `s`, one `a` for the folder. FreshRSS handles the `s` from the last to the
/// first and stops at the first failure with 400, keeping those it made (freshrss-admin 19, 45,
/// 46): a 400 is no failure of the call, and its answer says nothing more, so the caller reads
/// the subscription list back once after all batches.
///
/// The `a` files only ONE feed of the call when the folder is new: FreshRSS creates the folder
/// for the first feed it handles and fails to create it again for the others, which land in its
/// default folder, and the answer is still OK (freshrss-admin 51, 52). The caller therefore
/// compares the list it reads back with its plan and files the strays with `moveFeeds`.
extension GReaderProvider {
    public func subscribe(batch requests: [SubscriptionRequest], folder: String?) throws(SyncError) {
        var fields: [(String, String)] = [("ac", "subscribe")]
        fields += requests.map { ("s", "feed/" + $0.url.absoluteString) }
        // An empty t keeps the feed's own title; it holds the place of the n-th t.
        fields += requests.map { ("t", $0.title ?? "") }
        if let folder { fields.append(("a", GReaderWire.labelID(folder))) }
        let answer = try postAnswer("reader/api/0/subscription/edit", fields)
        if answer.status != 400 { try connection.require(answer, "subscribing \(requests.count) feeds") }
    }

    /// One `ac=edit` with an `s` per feed (by its numeric id) and one `a`, no `t` and no `r`:
    /// FreshRSS moves every listed feed into a folder that exists, keeping their titles
    /// (freshrss-admin 53, 54). Into a folder that does not exist yet it files only the first
    /// feed it handles (lector fixture freshrss/03, 04), so a caller reads the list back.
    public func moveFeeds(_ feeds: [RemoteFeedReference], to folder: String) throws(SyncError) {
        guard !feeds.isEmpty else { return }
        let fields = [("ac", "edit")] + feeds.map { ("s", $0.serverID) } + [("a", GReaderWire.labelID(folder))]
        try post("reader/api/0/subscription/edit", fields, "filing \(feeds.count) feeds in folder \(folder)")
    }
}
