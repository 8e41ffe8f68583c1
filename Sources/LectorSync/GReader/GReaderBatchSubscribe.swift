import FoundationEssentials

/// Several subscriptions in one `subscription/edit ac=subscribe`: an `s` per feed, the n-th `t`
/// naming the n-th `s`, one `a` for the folder. FreshRSS handles the `s` from the last to the
/// first and stops at the first failure with 400, keeping those it made (freshrss-admin 19, 45,
/// 46): a 400 is no failure of the call, and its answer says nothing more, so the caller reads
/// the subscription list back once after all batches.
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
}
