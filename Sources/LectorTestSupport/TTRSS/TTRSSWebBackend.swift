import Foundation

/// TT-RSS's web backend as the API session sees it: `/index.php` with the `ttrss_sid` cookie
/// carries the session's CSRF token (124); `/backend.php` takes form posts that carry it, and
/// without it answers `E_UNAUTHORIZED` (125). Answers are empty or HTML labelled JSON (126–160).
extension TTRSSEmulator {
    static let webType = "application/json; charset=utf-8"

    func index(_ request: ServerRequest) -> ServerResponse {
        if extra.withLock({ $0.backendRefused }) { return .text("Not Found", status: 404) }
        guard let (_, session) = webSession(request) else {
            return .text("<!DOCTYPE html>\n<html><head><title>Tiny Tiny RSS : Login</title></head><body>login</body></html>\n",
                         contentType: "text/html; charset=utf-8")
        }
        let page = "<!DOCTYPE html>\n<html>\n<head>\n\t<title>Tiny Tiny RSS</title>\n\t<script type=\"text/javascript\">\n"
            + "\t\tconst __csrf_token = \"\(session.csrf)\";\n\t</script>\n</head>\n<body class=\"flat ttrss_main ttrss_index css_loading\">\n</body>\n</html>\n"
        return .text(page, contentType: "text/html; charset=utf-8")
    }

    func backend(_ request: ServerRequest) -> ServerResponse {
        if extra.withLock({ $0.backendRefused }) { return .text("Not Found", status: 404) }
        let unauthorized = ServerResponse.json(.object([("error", .object([("code", .string("E_UNAUTHORIZED")), ("params", .array([]))]))]),
                                               contentType: "application/json")
        guard let (_, session) = webSession(request), request.formValue("csrf_token") == session.csrf else { return unauthorized }
        let op = request.formValue("op") ?? ""
        let method = request.formValue("method") ?? ""
        extra.withLock { $0.calls.append("web:\(op).\(method)") }
        func value(_ name: String) -> String? { request.formValue(name) }
        func ids(_ name: String) -> [Int] { (value(name) ?? "").split(separator: ",").compactMap { Int($0) } }
        let text: String
        switch (op, method) {
        case ("Pref_Labels", "add"):
            guard let caption = value("caption"), !caption.isEmpty else { return .text("", contentType: Self.webType) }
            let exists = labels.contains(caption)
            addLabel(caption)
            text = exists ? "" : "Created label <b>\(caption)</b>"
        case ("Pref_Labels", "save"):
            let id = Int(value("id") ?? "") ?? 0
            let caption = value("caption") ?? ""
            // Prints the new caption, or the old one when the new is empty or taken.
            let (before, after): (String, String) = extra.withLock { state in
                guard let index = state.labels.firstIndex(where: { $0.id == id }) else { return ("", "") }
                let old = state.labels[index].caption
                guard !caption.isEmpty, !state.labels.contains(where: { $0.caption == caption }) else { return (old, old) }
                state.labels[index].caption = caption
                return (old, caption)
            }
            if before != after {
                store.withState { state in
                    for index in state.items.indices { state.items[index].labels = state.items[index].labels.map { $0 == before ? after : $0 } }
                }
            }
            text = after
        case ("Pref_Labels", "remove"):
            let removed = extra.withLock { state in
                let gone = state.labels.filter { ids("ids").contains($0.id) }.map(\.caption)
                state.labels.removeAll { ids("ids").contains($0.id) }
                return gone
            }
            store.withState { state in for index in state.items.indices { state.items[index].labels.removeAll { removed.contains($0) } } }
            text = ""
        case ("Pref_Feeds", "addCat"):
            // No duplicate check at the top level (141).
            if let name = value("cat"), !name.isEmpty {
                store.withState { state in
                    state.folders.append(EmulatedFolder(id: state.nextFolderID, name: name))
                    state.nextFolderID += 1
                }
            }
            text = ""
        case ("Pref_Feeds", "renameCat"):
            let id = (Int(value("id") ?? "") ?? -1) + 1
            if let title = value("title"), !title.isEmpty {
                store.withState { state in
                    if let index = state.folders.firstIndex(where: { $0.id == id && id > 1 }) { state.folders[index].name = title }
                }
            }
            text = ""
        case ("Pref_Feeds", "removeCat"):
            let folders = Set(ids("ids").map { $0 + 1 }.filter { $0 > 1 })
            store.withState { state in
                for index in state.feeds.indices where folders.contains(state.feeds[index].folderID) { state.feeds[index].folderID = 1 }
                state.folders.removeAll { folders.contains($0.id) }
            }
            // `parent_cat … on delete set null`: a removed category's sub-categories move to the top.
            extra.withLock { state in state.parents = state.parents.filter { !folders.contains($0.key) && !folders.contains($0.value) } }
            text = ""
        case ("Pref_Feeds", "batchEditSave"):
            let feeds = Set(ids("ids"))
            if let category = value("cat_id").flatMap({ Int($0) }) {
                store.withState { state in
                    let folder = state.folders.contains { $0.id == category + 1 } ? category + 1 : 1
                    for index in state.feeds.indices where feeds.contains(state.feeds[index].id) { state.feeds[index].folderID = folder }
                }
            }
            text = ""
        case ("Pref_Feeds", "editfeed"):
            return editFeed(Int(value("id") ?? "") ?? 0)
        case ("Pref_Feeds", "editSave"):
            // Every field left out is blanked (147, 148; project 021, 022).
            saveFeed(Int(value("id") ?? "") ?? 0, value)
            text = ""
        default:
            text = ""
        }
        return .text(text, contentType: Self.webType)
    }
}
