import Foundation

/// Compares responses by shape: JSON by the set of key paths, other bodies exactly.
enum ResponseShape {
    /// Every key path in a JSON document, e.g. "items[].origin.streamId"; arrays contribute the
    /// union of their elements' paths.
    static func keyPaths(_ text: String) -> Set<String>? {
        guard let data = text.data(using: .utf8),
              let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              value is [String: Any] || value is [Any] else { return nil }
        var paths: Set<String> = []
        collect(value, prefix: "", into: &paths)
        return paths
    }

    private static func collect(_ value: Any, prefix: String, into paths: inout Set<String>) {
        if let object = value as? [String: Any] {
            for (key, child) in object {
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                paths.insert(path)
                collect(child, prefix: path, into: &paths)
            }
        } else if let array = value as? [Any] {
            let path = prefix + "[]"
            if !array.isEmpty { paths.insert(path) }
            for child in array { collect(child, prefix: path, into: &paths) }
        }
    }

    /// A human-readable difference between two key-path sets, or nil when equal.
    static func difference(expected: Set<String>, actual: Set<String>) -> String? {
        guard expected != actual else { return nil }
        let missing = expected.subtracting(actual).sorted().prefix(6)
        let extra = actual.subtracting(expected).sorted().prefix(6)
        return "missing \(Array(missing)), unexpected \(Array(extra))"
    }

    /// Compares the state a reply reports (ids in order, unread counts, id lists) exactly,
    /// since the emulator is seeded with the recording's own ids.
    static func stateDifference(expected: String, actual: String) -> String? {
        guard let want = object(expected), let got = object(actual) else { return nil }
        for key in ["itemRefs", "unread_item_ids", "saved_item_ids", "max", "total_items", "numResults", "auth"] {
            let wanted = want[key].map { "\($0)" }
            let gotten = got[key].map { "\($0)" }
            if wanted != gotten { return "\(key) is \(gotten ?? "absent"), recorded \(wanted ?? "absent")" }
        }
        for key in ["items", "unreadcounts", "feeds", "groups", "tags"] {
            let wanted = ids(want[key])
            let gotten = ids(got[key])
            if wanted != gotten { return "\(key) ids \(gotten), recorded \(wanted)" }
        }
        let wantedCounts = (want["unreadcounts"] as? [[String: Any]])?.map { "\($0["id"] ?? "")=\($0["count"] ?? "")" }.sorted()
        let gottenCounts = (got["unreadcounts"] as? [[String: Any]])?.map { "\($0["id"] ?? "")=\($0["count"] ?? "")" }.sorted()
        if wantedCounts != gottenCounts { return "unread counts \(gottenCounts ?? []), recorded \(wantedCounts ?? [])" }
        // tag/list: each tag's type and a label's unread count (freshrss-admin 28, 29).
        let tagFacts = { (object: [String: Any]) in
            (object["tags"] as? [[String: Any]])?.map { "\($0["id"] ?? "") \($0["type"] ?? "-") \($0["unread_count"] ?? "-")" }
        }
        if tagFacts(want) != tagFacts(got) { return "tags \(tagFacts(got) ?? []), recorded \(tagFacts(want) ?? [])" }
        return nil
    }

    private static func object(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    private static func ids(_ value: Any?) -> [String] {
        ((value as? [[String: Any]]) ?? []).map { "\($0["id"] ?? "")" }.sorted()
    }
}
