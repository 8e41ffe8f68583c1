import Foundation

/// One authenticated `/reader/api/0/…` call.
struct GReaderCall {
    let store: FeedStore
    let account: EmulatedAccount
    let request: ServerRequest
    let params: GReaderParams
    /// `mark-all-as-read` as Miniflux answers it.
    var marksAsMiniflux = false

    func run(_ endpoint: String) -> ServerResponse {
        if endpoint.hasPrefix("stream/contents") {
            let suffix = endpoint.dropFirst("stream/contents".count)
            let stream = suffix.hasPrefix("/") ? String(suffix.dropFirst()).removingPercentEncoding : nil
            return streamContents(stream ?? params.value("s"))
        }
        switch endpoint {
        case "token": return FreshRSSReply.html(account.greaderToken + "\n")
        case "user-info": return userInfo()
        case "subscription/list": return requireJSON { subscriptionList() }
        case "subscription/export": return export()
        case "subscription/import": return request.method == "POST" ? importOPML() : FreshRSSReply.error(400)
        case "tag/list": return requireJSON { tagList() }
        case "unread-count": return requireJSON { unreadCount() }
        case "stream/items/ids": return itemIDs()
        case "stream/items/contents":
            return request.method == "POST" ? itemContents() : FreshRSSReply.error(400)
        case "subscription/quickadd": return quickAdd()
        case "subscription/edit": return subscriptionEdit()
        case "edit-tag": return checkToken { editTag() }
        case "rename-tag": return checkToken { renameTag() }
        case "disable-tag": return checkToken { disableTag() }
        case "mark-all-as-read": return checkToken { markAllAsRead() }
        default: return FreshRSSReply.error(400)
        }
    }

    private func requireJSON(_ body: () -> ServerResponse) -> ServerResponse {
        params.value("output") == "json" ? body() : FreshRSSReply.error(501)
    }

    /// FreshRSS lets an empty T and the literal "x" through; any other wrong token is a 401.
    private func checkToken(_ body: () -> ServerResponse) -> ServerResponse {
        guard let token = params.value("T"), !token.isEmpty, token != "x", token != account.greaderToken else { return body() }
        return FreshRSSReply.unauthorized
    }

    private func userInfo() -> ServerResponse {
        FreshRSSReply.html(JSONValue.object([
            ("userId", .string(account.username)), ("userName", .string(account.username)),
            ("userProfileId", .string(account.username)), ("userEmail", .string(account.email)),
        ]).serialized())
    }

    var serverBase: String { "http://\(request.header("Host") ?? "127.0.0.1")" }
}
