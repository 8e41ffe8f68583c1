import Foundation

/// Text for the search index from an entry's HTML: tags dropped, common entities decoded,
/// whitespace collapsed. Rendering for reading is the reader module's job; this only has to be
/// good enough to find words.
enum PlainText {
    static func from(html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; text.append(" "); continue }
            if character == ">" { inTag = false; continue }
            if !inTag { text.append(character) }
        }
        for (entity, replacement) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " ")] {
            text = text.replacingOccurrences(of: entity, with: replacement)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
