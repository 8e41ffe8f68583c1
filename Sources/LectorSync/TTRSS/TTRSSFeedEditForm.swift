import FoundationEssentials
import LectorBasics

/// The feed edit dialog's values, as `Pref_Feeds` / `editfeed` gives them (project 017), turned
/// into the `editSave` form that writes them back. `editSave` writes every field of the feed and
/// blanks what it is not sent (147, 148; project 021, 022: purge interval 0, language "simple",
/// every checkbox off, the feed's login gone), and each plugin's save hook resets its own per-feed
/// setting when its field is missing: so everything the dialog would post goes back unchanged
/// (018, 019), and only the title (or what the caller changes) differs.
struct TTRSSFeedEditForm {
    /// `ttrss_feeds`' row as `editfeed` prints it.
    let row: [String: Any]
    /// The plugins' own fields of the dialog (`plugin_data`, HTML), as the browser would post them.
    let pluginFields: [(String, String)]

    /// The text fields `editsaveops` reads (Pref_Feeds.php), sent as the row has them.
    static let textFields = ["feed_url", "site_url", "update_interval", "purge_interval", "feed_language", "auth_login", "auth_pass"]
    /// The checkboxes it reads: "on" when set, left out when not, as a form posts them.
    static let checkboxes = ["private", "include_in_digest", "cache_images", "hide_images", "always_display_enclosures", "mark_unread_on_update"]

    /// Reads `editfeed`'s answer; nil when it is not the dialog's JSON (another version, a login page).
    init?(answer: Data) {
        guard let object = try? JSONObject.parse(answer) as? [String: Any], let row = object["feed"] as? [String: Any],
              TTRSSWire.int(row["id"]) != nil, row["feed_url"] is String else { return nil }
        self.row = row
        pluginFields = Self.formFields(inHTML: object["plugin_data"] as? String ?? "")
    }

    /// The `editSave` fields for feed `id` with `title`; `category` replaces the feed's own when given.
    func saveFields(id: Int, title: String, category: Int? = nil) -> [(String, String)] {
        var fields: [(String, String)] = [("op", "Pref_Feeds"), ("method", "editSave"), ("id", String(id)), ("title", title),
                                          ("cat_id", String(category ?? TTRSSWire.int(row["cat_id"]) ?? 0))]
        for name in Self.textFields { fields.append((name, Self.text(row[name]))) }
        for name in Self.checkboxes where Self.isSet(row[name]) { fields.append((name, "on")) }
        let taken = Set(fields.map(\.0))
        return fields + pluginFields.filter { !taken.contains($0.0) }
    }

    static func text(_ value: Any?) -> String {
        switch value {
        case let text as String: text
        case let number as Int: String(number)
        case let number as Double: number == number.rounded() ? String(Int(number)) : String(number)
        default: ""
        }
    }

    /// PostgreSQL booleans come as JSON true/false (017); a MySQL-era "1"/"t" also counts.
    static func isSet(_ value: Any?) -> Bool {
        if let flag = value as? Bool { return flag }
        if let text = value as? String { return ["1", "t", "true", "on"].contains(text.lowercased()) }
        return (value as? Int).map { $0 != 0 } ?? false
    }

    /// The fields a browser would post from `html`: each named input (a checkbox only when checked,
    /// with its value or "on"; `Controls\checkbox_tag` writes `dojoType='dijit.form.CheckBox'` and a
    /// bare `checked`, no type), and each select's selected option.
    static func formFields(inHTML html: String) -> [(String, String)] {
        var fields: [(String, String)] = []
        for tag in html.matches(of: /<(input|select)\b([^>]*)>/.ignoresCase()) {
            let attributes = Self.attributes(String(tag.output.2))
            guard let name = attributes["name"], !name.isEmpty, attributes["disabled"] == nil else { continue }
            if tag.output.1.lowercased() == "select" {
                let rest = html[tag.range.upperBound...]
                let body = rest.firstRange(of: "</select>").map { rest[..<$0.lowerBound] } ?? rest
                for option in body.matches(of: /<option\b([^>]*)>/.ignoresCase()) {
                    let optionAttributes = Self.attributes(String(option.output.1))
                    if optionAttributes["selected"] != nil { fields.append((name, optionAttributes["value"] ?? "")) }
                }
                continue
            }
            let type = (attributes["type"] ?? "").lowercased()
            let isCheckbox = type == "checkbox" || type == "radio" || (attributes["dojotype"] ?? "").lowercased().hasSuffix("checkbox")
            if isCheckbox {
                if attributes["checked"] != nil { fields.append((name, attributes["value"].flatMap { $0.isEmpty ? nil : $0 } ?? "on")) }
            } else if !["submit", "button", "file", "image", "reset"].contains(type) {
                fields.append((name, attributes["value"] ?? ""))
            }
        }
        return fields
    }

    /// `name="v"`, `name='v'`, `name=v` and a bare `name`, names lowercased, values unescaped.
    static func attributes(_ text: String) -> [String: String] {
        var attributes: [String: String] = [:]
        for match in text.matches(of: /([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/) {
            let value = match.output.2 ?? match.output.3 ?? match.output.4
            attributes[match.output.1.lowercased()] = value.map { unescape(String($0)) } ?? ""
        }
        return attributes
    }

    /// What `htmlspecialchars` escapes.
    static func unescape(_ text: String) -> String {
        text.replacing("&quot;", with: "\"").replacing("&#039;", with: "'")
            .replacing("&#39;", with: "'").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }
}
