import FoundationEssentials
import Glibc
import LectorAccounts
import LectorBasics
import LectorStore
import NotifyShim

/// The one word a sync says when it found something a `notify` rule or `sync.notify-folders`
/// asks to be told of: a desktop notification (org.freedesktop.Notifications on the session
/// bus) from a sync run by itself or by a timer; a status line in the REPL and in browse.
/// Titles come from feeds: they go through the sanitiser, and are escaped for the servers that
/// read the body as markup.
struct SyncNotice {
    /// How many new articles, and the first few of them as "title (feed)".
    let count: Int
    let examples: [String]

    static let exampleCount = 3

    init?(_ report: SyncRunReport, store: Store) {
        let ids = Array(Set(report.accounts.flatMap(\.noticed))).sorted()
        guard !ids.isEmpty else { return nil }
        count = ids.count
        examples = ids.prefix(Self.exampleCount).compactMap { id in
            guard let article = try? store.articles.article(id) else { return nil }
            return "\(TerminalText.sanitize(article.title)) (\(TerminalText.sanitize(article.feedTitle)))"
        }
    }

    var summary: String { "Lector: \(count) new article\(count == 1 ? "" : "s")" }

    /// The notification's body: the first titles, one a line, and how many more.
    var body: String {
        (examples.map(Self.escapedForMarkup) + (count > examples.count ? ["… and \(count - examples.count) more"] : [])).joined(separator: "\n")
    }

    /// The REPL's and browse's line.
    var statusLine: String {
        "\(count) new article\(count == 1 ? "" : "s") to see: " + examples.joined(separator: " · ") + (count > examples.count ? " …" : "")
    }

    /// Notification servers may read the body as a little HTML (`<b>`, `<a href>`): a title's
    /// angle brackets and ampersands are text.
    static func escapedForMarkup(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }

    /// What became of a desktop notification.
    enum Delivery: Equatable {
        case sent
        /// Not shown, and why (no session bus, or nothing on it took the notification).
        case notShown(String)
    }

    /// Sends the notification on the session bus, when there is one: without
    /// DBUS_SESSION_BUS_ADDRESS or `$XDG_RUNTIME_DIR/bus` (cron, a console login) GIO would try
    /// to start a bus of its own, which no one would read.
    func deliver(environment: [String: String]) -> Delivery {
        let address = environment["DBUS_SESSION_BUS_ADDRESS"] ?? ""
        let runtimeBus = environment["XDG_RUNTIME_DIR"].map { $0 + "/bus" }
        guard !address.isEmpty || runtimeBus.map({ access($0, F_OK) == 0 }) == true else {
            return .notShown("no session bus")
        }
        var reason = [CChar](repeating: 0, count: 512)
        let result = notify_send("Lector", summary, body, 3_000, &reason, reason.count)
        guard result != NOTIFY_SENT else { return .sent }
        return .notShown(TerminalText.sanitize(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
    }
}
