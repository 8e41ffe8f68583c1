import Foundation

/// Miniflux's entry filters as its processor applies them to the entries a fetch brings in
/// (miniflux 175–179): the user's `block_filter_entry_rules` and the feed's, then the user's
/// `keep_filter_entry_rules` and the feed's. An entry any block line matches is not stored; when
/// there are keep lines, only an entry one of them matches is. Entries stored already stay, and
/// an entry left out is weighed again at the next fetch (it is not remembered). A line is
/// `Field=regex`; a line without `=` or with an unknown field matches nothing (Miniflux checks
/// them when they are saved, `filterRuleProblem`).
struct MinifluxEntryFilter {
    private struct Line {
        let field: String
        let value: String
    }

    private let block: [Line]
    private let keep: [Line]

    /// The user's filters (`userSettings`) with those of `feed`, in Miniflux's order.
    init(user: [String: String], feed: EmulatedFeed) {
        func lines(_ name: String) -> [Line] {
            var feedText = ""
            if case .string(let text)? = feed.settings[name] { feedText = text }
            return [user[name] ?? "", feedText].flatMap { text in
                text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").compactMap { line -> Line? in
                    let parts = line.replacingOccurrences(of: "\r", with: "").split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { return nil }
                    return Line(field: parts[0].trimmingCharacters(in: .whitespaces), value: parts[1].trimmingCharacters(in: .whitespaces))
                }
            }
        }
        block = lines("block_filter_entry_rules")
        keep = lines("keep_filter_entry_rules")
    }

    /// Whether the server stores `entry`.
    func admits(_ entry: RemoteEntry, now: Date = Date()) -> Bool {
        if block.contains(where: { Self.matches($0, entry, now: now) }) { return false }
        return keep.isEmpty || keep.contains { Self.matches($0, entry, now: now) }
    }

    private static func matches(_ line: Line, _ entry: RemoteEntry, now: Date) -> Bool {
        switch line.field {
        case "EntryTitle": search(line.value, in: entry.title)
        case "EntryURL": search(line.value, in: entry.url)
        // The emulator's entries have no comments page and no tags: nothing to match.
        case "EntryCommentsURL", "EntryTag": false
        case "EntryContent": search(line.value, in: entry.content)
        case "EntryAuthor": search(line.value, in: entry.author ?? "")
        case "EntryDate": dateMatches(line.value, Date(timeIntervalSince1970: TimeInterval(entry.published)), now: now)
        default: false
        }
    }

    /// An unanchored search, as Go's `regexp.MatchString`; a pattern that does not compile matches nothing.
    private static func search(_ pattern: String, in text: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// `future`, `before:YYYY-MM-DD`, `after:…`, `between:A,B` (both ends excluded), `max-age:30d` (older than that).
    private static func dateMatches(_ pattern: String, _ date: Date, now: Date) -> Bool {
        if pattern == "future" { return date > now }
        let parts = pattern.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return false }
        let day = { (text: Substring) -> Date? in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd"
            return formatter.date(from: String(text))
        }
        switch parts[0] {
        case "before": return day(Substring(parts[1])).map { date < $0 } ?? false
        case "after": return day(Substring(parts[1])).map { date > $0 } ?? false
        case "between":
            let ends = parts[1].split(separator: ",", omittingEmptySubsequences: false)
            guard ends.count == 2, let start = day(ends[0]), let end = day(ends[1]) else { return false }
            return date > start && date < end
        case "max-age":
            guard let age = duration(parts[1]) else { return false }
            return date < now.addingTimeInterval(-age)
        default: return false
        }
    }

    /// `30d` (days), or Go's `1h`, `15m`, `45s`.
    private static func duration(_ text: String) -> TimeInterval? {
        let units: [Character: TimeInterval] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Double(text.dropLast()) else { return nil }
        return count * unit
    }
}
