import FoundationEssentials
@testable import LectorStore
import Testing
@testable import LectorCLI

/// `feed list --json` writes its rows through `JSONStream` instead of the encoder's tree; scripts
/// rely on the bytes, so each type that writes itself must give exactly what `JSONEncoder` (with
/// `JSONControlEscaping`) wrote for it: the members in key order, nil optionals left out.
@Suite("Rows streamed as JSON are what the encoder wrote")
struct JSONStreamTests {
    static func feed(folder: String?, siteURL: String?, settings: [String: String]?, title: String,
                     paused: Bool = false, leftServer: Bool = false) -> FeedCommands.FeedJSON {
        let listing = FeedListing(feed: Feed(id: 9_007_199_254_740_993, accountID: 1, folderID: nil, serverID: "s",
                                             title: title, url: "https://example.org/feed?a=1&b=\"2\"", siteURL: siteURL),
                                  accountName: "Acc\u{202E}ount", folderName: folder, articleCount: 123_456,
                                  unreadCount: 0, paused: paused, leftServer: leftServer)
        var json = FeedCommands.FeedJSON(listing)
        json.server_settings = settings
        return json
    }

    static let feeds = [
        feed(folder: "Tech", siteURL: "https://example.org/", settings: nil, title: JSONTextEncoderTests.hostile),
        feed(folder: nil, siteURL: nil, settings: nil, title: "", paused: true),
        feed(folder: "", siteURL: nil, settings: ["ttl": "60", "a": JSONTextEncoderTests.hostile, "Z": "", "é": "x"],
             title: "café 😀", leftServer: true),
        feed(folder: nil, siteURL: "x", settings: [:], title: "plain"),
    ]

    @Test("feed rows, one and many, pretty and compact", arguments: [true, false])
    func feedRows(pretty: Bool) throws {
        // The stream is taken, not the tree.
        let asOutput: any Encodable = Self.feeds
        #expect(asOutput is any JSONStreamWritable)
        #expect(try JSONTextEncoder.encode(Self.feeds, pretty: pretty) == JSONTextEncoderTests.reference(Self.feeds, pretty: pretty))
        #expect(try JSONTextEncoder.encode([FeedCommands.FeedJSON](), pretty: pretty)
                == JSONTextEncoderTests.reference([FeedCommands.FeedJSON](), pretty: pretty))
        for feed in Self.feeds {
            #expect(try JSONTextEncoder.encode(feed, pretty: pretty) == JSONTextEncoderTests.reference(feed, pretty: pretty))
        }
    }

    /// The writer passes eight bytes of plain ASCII at a time: a character to escape (or one
    /// that only looks plain from its first byte) must be caught at every offset within a word.
    @Test("a character to escape is found at every place in the text")
    func escapesAtEveryOffset() throws {
        let specials = ["\"", "\\", "\u{0}", "\u{1F}", "\n", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{202E}",
                        "\u{2066}", "é", "😀", " ", "~", "/"]
        for special in specials {
            for offset in 0..<18 {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 17 - offset % 9)
                #expect(try JSONTextEncoder.encode([text], pretty: false) == JSONTextEncoderTests.reference([text], pretty: false),
                        "\(special.unicodeScalars.map { String($0.value, radix: 16) }) at \(offset)")
            }
        }
    }
}
