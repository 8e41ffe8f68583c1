import Foundation

/// `mark=item|feed|group&as=…&id=…&before=…`.
enum FeverMark {
    enum Changed { case unread, saved }

    /// `savedToggles`: Miniflux flips the saved flag for both `saved` and `unsaved`.
    static func apply(mark: String?, as action: String?, id: String?, before: String?, savedToggles: Bool = false,
                      to state: inout FeedStore.State) -> Changed? {
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
            let limit = (before.flatMap(Int64.init) ?? Int64(Date().timeIntervalSince1970)) * 1_000_000
            let feeds: Set<Int> = mark == "feed" ? [Int(number)]
                : Set(state.feeds.filter { number == 0 || $0.folderID == Int(number) }.map(\.id))
            for index in state.items.indices where feeds.contains(state.items[index].feedID) && state.items[index].id < limit {
                state.items[index].read = true
            }
            return .unread
        default:
            return nil
        }
    }
}
