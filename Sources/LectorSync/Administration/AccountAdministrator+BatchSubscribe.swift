import FoundationEssentials
import LectorFeeds
import LectorStore

/// Subscribing many feeds at the server's own granularity: where the service takes several per
/// request (`subscribeBatchLimit`, FreshRSS), feeds filed in the same folder go together, one
/// read of the server's structure after the last batch tells which are there (with their ids),
/// and a feed a batch did not subscribe is subscribed alone (its own refusal, with the server's
/// reason, is then its step's outcome).
extension AccountAdministrator {
    /// The outcome of each request, in order. `shouldStop` is asked before each batch; once a
    /// batch fails in a way the next would too, no more are sent.
    func subscribeInBatches(_ requests: [SubscriptionRequest], shouldStop: () -> Bool) -> [StepOutcome] {
        var outcomes = [StepOutcome](repeating: .notRun, count: requests.count)
        var sent: [Int] = []
        var failure: AdministrationError?
        let limit = max(1, provider.capabilities.subscribeBatchLimit)
        sending: for group in Self.byFolder(requests) {
            for chunk in group.indices.chunked(into: limit) {
                guard failure == nil, !shouldStop() else { break sending }
                // Sent even when the call fails: a lost answer may hide feeds the server subscribed.
                sent += chunk
                do {
                    try server { () throws(SyncError) in try provider.subscribe(batch: chunk.map { requests[$0] }, folder: group.folder) }
                } catch {
                    if error.stopsTheRun { failure = error }
                }
            }
        }
        guard !sent.isEmpty else { return outcomes }
        let structure: RemoteStructure
        do {
            structure = try server { () throws(SyncError) in try provider.structure() }
        } catch {
            outcomes[sent[0]] = .failed(failure ?? error)
            return outcomes
        }
        var byKey: [String: RemoteFeed] = [:]
        for feed in structure.feeds { if let url = URL(string: feed.url) { byKey[canonicalFeedKey(url)] = feed } }
        // Each requested address is made canonical once, its remote feed kept for the store write.
        let taken = sent.compactMap { index in byKey[canonicalFeedKey(requests[index].url)].map { (index, $0) } }
        do throws(AdministrationError) {
            try storing {
                try store.write {
                    for (index, remote) in taken {
                        let request = requests[index]
                        _ = try storeAcknowledged(SubscribedFeed(feed: remote), folderName: request.folder, siteURL: request.knownSiteURL)
                    }
                }
            }
            for (index, _) in taken { outcomes[index] = .done }
        } catch {
            for (index, _) in taken { outcomes[index] = .failed(error) }
            if error.stopsTheRun { return outcomes }
        }
        let stored = Set(taken.map(\.0))
        let missing = sent.filter { !stored.contains($0) }
        if let failure, let first = missing.first {
            outcomes[first] = .failed(failure)
            return outcomes
        }
        for index in missing {
            do throws(AdministrationError) {
                try subscribe(requests[index], checkedForDuplicates: true)
                outcomes[index] = .done
            } catch {
                outcomes[index] = .failed(error)
                if error.stopsTheRun { break }
            }
        }
        return outcomes
    }

    /// The requests' positions by folder, in the order the folders first appear.
    private static func byFolder(_ requests: [SubscriptionRequest]) -> [(folder: String?, indices: [Int])] {
        var groups: [(folder: String?, indices: [Int])] = []
        for (index, request) in requests.enumerated() {
            if let group = groups.firstIndex(where: { $0.folder == request.folder }) {
                groups[group].indices.append(index)
            } else {
                groups.append((request.folder, [index]))
            }
        }
        return groups
    }
}
