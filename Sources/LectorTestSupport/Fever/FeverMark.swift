import Foundation

/// `mark=item|feed|group&as=…&id=…&before=…`.
enum FeverMark {
    enum Changed { case unread, saved }

    /// `savedToggles`: Miniflux flips the saved flag for both `saved` and `unsaved`. `asMiniflux`:
    /// feed and group marks compare `before` with publication time (a missing one is 0), and
    /// group 0 marks everything; FreshRSS compares with the item id (receipt time, µs), and a
    /// missing `before` is now.
    static func apply(mark: String?, as action: String?, id: String?, before: String?, savedToggles: Bool = false,
                      asMiniflux: Bool = false, to state: inout FeedStore.State) -> Changed? {
        guard let mark, let action, let id, let number = Int64(id) else { return nil }
        switch (mark, action) {
        case ("item", "read"), ("item", "unread"):
            for index in state.positions(of: [number]) { state.items[index].read = action == "read" }
            return .unread
        case ("item", "saved"), ("item", "unsaved"):
            for index in state.positions(of: [number]) {
                state.items[index].starred = savedToggles ? !state.items[index].starred : action == "saved"
            }
            return .saved
        case ("feed", "read"), ("group", "read"):
            let seconds = before.flatMap(Int64.init) ?? (asMiniflux ? 0 : Int64(Date().timeIntervalSince1970))
            let feeds: Set<Int> = mark == "feed" ? [Int(number)]
                : Set(state.feeds.filter { number == 0 || $0.folderID == Int(number) }.map(\.id))
            let everything = asMiniflux && mark == "group" && number == 0
            for index in state.items.indices where feeds.contains(state.items[index].feedID) {
                let item = state.items[index]
                if everything || (asMiniflux ? item.published < seconds : item.id < seconds * 1_000_000) { state.items[index].read = true }
            }
            return .unread
        default:
            return nil
        }
    }
}
