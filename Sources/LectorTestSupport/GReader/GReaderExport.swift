import Foundation

/// `subscription/export`: the OPML FreshRSS offers as a download.
extension GReaderCall {
    func export() -> ServerResponse {
        let now = Date()
        let opml: String = store.withState { state in
            var lines = [
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                "<opml xmlns:frss=\"https://freshrss.org/opml\" version=\"2.0\">",
                "  <head>",
                "    <title>FreshRSS emulator</title>",
                "    <dateCreated>\(HTTPDateFormat.format(now).replacingOccurrences(of: "GMT", with: "+0000"))</dateCreated>",
                "  </head>",
                "  <body>",
            ]
            let used = Set(state.feeds.map(\.folderID))
            for folder in state.folders.filter({ used.contains($0.id) }).sorted(by: { $0.name < $1.name }) {
                lines.append("    <outline text=\"\(Self.xml(folder.name))\">")
                for feed in state.feeds.filter({ $0.folderID == folder.id }).sorted(by: { $0.title < $1.title }) {
                    let attributes = FreshRSSAttributes.exported.compactMap { name -> String? in
                        guard case .string(let kept)? = feed.settings[name] else { return nil }
                        let value = FreshRSSAttributes.exportedValue(name, kept)
                        guard !value.isEmpty else { return nil }
                        return " frss:\(name)=\"\(Self.xml(value))\""
                    }
                    lines.append("      <outline text=\"\(Self.xml(feed.title))\" type=\"rss\" xmlUrl=\"\(Self.xml(feed.feedURL))\""
                                 + " htmlUrl=\"\(Self.xml(feed.siteURL))\"\(attributes.joined())/>")
                }
                lines.append("    </outline>")
            }
            lines += ["  </body>", "</opml>", ""]
            return lines.joined(separator: "\n")
        }
        let day = ISO8601DateFormatter.string(from: now, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        return ServerResponse(status: 200, headers: FreshRSSReply.cors + [
            (name: "Content-Type", value: "application/xml; charset=UTF-8"),
            (name: "Content-disposition", value: "attachment; filename=\"feeds_\(day).opml.xml\""),
        ], body: Data(opml.utf8))
    }

    private static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: "&#10;")
    }
}
