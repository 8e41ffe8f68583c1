import FoundationEssentials
import LectorFeeds
import LectorStore
import LectorSync

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
                    try server { () throws(SyncError) in try provider.roles.required(\.batchSubscribe, or: .unsupported("this service subscribes one feed per request")).subscribe(batch: chunk.map { requests[$0] }, folder: group.folder) }
                } catch {
                    if error.stopsTheRun { failure = error }
                }
            }
        }
        guard !sent.isEmpty else { return outcomes }
        var structure: RemoteStructure
        do {
            structure = try server { () throws(SyncError) in try provider.serverPull().structure() }
        } catch {
            outcomes[sent[0]] = .failed(failure ?? error)
            return outcomes
        }
        var taken = Self.taken(sent, of: requests, in: structure)
        // A server may take a batch and file some of its feeds elsewhere (FreshRSS: one `a` reaches
        // one feed when the folder is new, freshrss-admin 51, 52): the strays are filed with one
        // request per folder and the list is read again, so what is stored is what the server did.
        let strays = taken.filter { !filedAsAsked($0.1, requests[$0.0]) }
        if failure == nil, !strays.isEmpty {
            var moveError: AdministrationError?
            do throws(AdministrationError) {
                try file(strays.map { ($0.1, requests[$0.0].folder ?? "") }, in: structure, limit: limit)
            } catch {
                moveError = error
            }
            // Read again even after a failed move: its answer may be lost after the server moved them.
            do throws(AdministrationError) {
                structure = try server { () throws(SyncError) in try provider.serverPull().structure() }
                taken = Self.taken(sent, of: requests, in: structure)
            } catch {
                let cause = moveError ?? error
                if cause.stopsTheRun { failure = cause }
            }
        }
        do throws(AdministrationError) {
            try storing {
                try store.write { _ in
                    for (index, remote) in taken {
                        let request = requests[index]
                        // Stored where the server filed it: the folder asked for only when it is that one.
                        let folderName = filedAsAsked(remote, request) ? request.folder : nil
                        _ = try storeAcknowledged(SubscribedFeed(feed: remote), folderName: folderName, siteURL: request.knownSiteURL)
                    }
                }
            }
            for (index, remote) in taken {
                guard let folder = requests[index].folder, !filedAsAsked(remote, requests[index]) else { outcomes[index] = .done; continue }
                outcomes[index] = .failed(.filedElsewhere(feed: remote.title, folder: folder,
                                                          filedIn: remote.folderServerID.map(provider.folderName(ofServerID:))))
            }
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

    /// The sent requests the server lists, with the feed it lists for each (by canonical address).
    private static func taken(_ sent: [Int], of requests: [SubscriptionRequest], in structure: RemoteStructure) -> [(Int, RemoteFeed)] {
        var byKey: [String: RemoteFeed] = [:]
        for feed in structure.feeds { if let url = URL(string: feed.url) { byKey[canonicalFeedKey(url)] = feed } }
        // Each requested address is made canonical once, its remote feed kept for the store write.
        return sent.compactMap { index in byKey[canonicalFeedKey(requests[index].url)].map { (index, $0) } }
    }

    /// True when the server filed the feed where the request asked (no folder asked: anywhere).
    private func filedAsAsked(_ remote: RemoteFeed, _ request: SubscriptionRequest) -> Bool {
        guard let folder = request.folder else { return true }
        return remote.folderServerID == provider.folderServerID(named: folder)
    }

    /// Files feeds in their folders: one `moveFeeds` per folder and batch, in the order the folders come.
    private func file(_ feeds: [(RemoteFeed, String)], in structure: RemoteStructure, limit: Int) throws(AdministrationError) {
        var folders: [String] = []
        for (_, folder) in feeds where !folders.contains(folder) { folders.append(folder) }
        for folder in folders {
            let references = feeds.filter { $0.1 == folder }.map { feed, _ in
                RemoteFeedReference(serverID: feed.serverID, url: feed.url,
                                    folder: structure.folders.first { $0.serverID == feed.folderServerID })
            }
            for chunk in references.chunked(into: limit) {
                try server { () throws(SyncError) in try provider.moveFeeds(chunk, to: folder) }
            }
        }
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

extension Array {
    /// The elements in runs of at most `size`, in order (a service's batch limit).
    fileprivate func chunked(into size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
