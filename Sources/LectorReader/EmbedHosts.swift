/// Hosts whose iframes are videos worth keeping (Readability's `videos` pattern, extended).
enum EmbedHosts {
    static let videoHosts = [
        "youtube.com", "youtube-nocookie.com", "youtu.be", "player.vimeo.com", "vimeo.com", "dailymotion.com",
        "player.twitch.tv", "v.qq.com", "archive.org", "upload.wikimedia.org", "bilibili.com", "live.bilibili.com",
        "player.bilibili.com", "peertube", "embed.ted.com", "fast.wistia.net", "w.soundcloud.com", "open.spotify.com",
    ]

    static func isVideo(_ url: String) -> Bool {
        let lower = url.lowercased()
        return videoHosts.contains { lower.contains($0) }
    }
}
