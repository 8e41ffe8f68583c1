import FoundationEssentials
import LectorBasics

/// TT-RSS categories can nest; Lector's folders are flat. A sub-category's feeds are filed under
/// its top-level category's folder, as Lector's OPML import files feeds of nested outlines, and as
/// TT-RSS itself treats a category: its catchupFeed marks the sub-categories' articles too
/// (project 035, 036). Sub-categories are no folders of their own, so no verb of Lector names
/// one: a folder created, found or moved into is always a top-level category, and a feed inside a
/// sub-category stays there on the server until the user moves it.
extension TTRSSProvider {
    /// The feeds, each with the top-level category above its own as its folder. getFeeds gives a
    /// feed's own category (028) and getCategories with enable_nested the top-level ones (027);
    /// only when a feed's category is not among them are the levels below walked, by getFeeds with
    /// include_nested, which lists a category's children (029–032).
    func feedsInTopLevelFolders(topLevel: [RemoteFolder]) throws(SyncError) -> [RemoteFeed] {
        let feeds = try feeds()
        let top = Set(topLevel.compactMap { Int($0.serverID) })
        let nestedCategories = Set(feeds.compactMap { $0.folderServerID.flatMap(Int.init) }).subtracting(top)
        guard !nestedCategories.isEmpty else { return feeds }
        var ancestor: [Int: Int] = [:]
        var queue = top.sorted().map { ($0, $0) }  // (category to list, its top-level ancestor)
        var listed = Set<Int>()
        while !queue.isEmpty, !nestedCategories.isSubset(of: Set(ancestor.keys)) {
            let (category, root) = queue.removeFirst()
            guard listed.insert(category).inserted else { continue }
            let list = try client.call("getFeeds", ["cat_id": category, "include_nested": true], "the categories inside category \(category)")
            for object in list as? [[String: Any]] ?? [] where object["is_cat"] as? Bool == true {
                guard let child = TTRSSWire.int(object["id"]), child > 0, ancestor[child] == nil, !top.contains(child) else { continue }
                ancestor[child] = root
                queue.append((child, root))
            }
        }
        return feeds.map { feed in
            guard let own = feed.folderServerID.flatMap(Int.init), !top.contains(own) else { return feed }
            var filed = feed
            // A category no top-level one holds (deleted meanwhile): the feed is shown uncategorized.
            filed.folderServerID = ancestor[own].map(String.init)
            return filed
        }
    }
}
