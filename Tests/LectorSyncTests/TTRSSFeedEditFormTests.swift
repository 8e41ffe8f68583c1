import Foundation
import Testing
@testable import LectorSync

/// The rename's form, built from what the real TT-RSS 26.08 answered (project recordings in
/// Tests/LectorTestSupportTests/Fixtures/ttrss): 017 (a feed with every dialog field set) and 039
/// (a feed with the af_psql_trgm plugin's per-feed checkbox on, read after `lector feed rename`
/// ran against that server and kept it).
@Suite("TT-RSS feed edit form")
struct TTRSSFeedEditFormTests {
    static func answer(_ number: String) throws -> Data {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../LectorTestSupportTests/Fixtures/ttrss").standardized
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasPrefix(number + "-") })
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return Data(try #require(text.components(separatedBy: "\n").last).utf8)
    }

    @Test("every field editfeed gave goes back with the new title: text as stored, set checkboxes as 'on', cleared ones left out (017)")
    func everyField() throws {
        let form = try #require(TTRSSFeedEditForm(answer: try Self.answer("017")))
        let fields = form.saveFields(id: 1, title: "Renamed Tech")
        let sent = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        #expect(sent["title"] == "Renamed Tech" && sent["cat_id"] == "1" && sent["purge_interval"] == "30" && sent["update_interval"] == "60")
        #expect(sent["feed_language"] == "English" && sent["auth_login"] == "reader" && sent["site_url"] == "http://127.0.0.1:18302/tech/home.html")
        #expect(sent["include_in_digest"] == "on" && sent["mark_unread_on_update"] == "on" && sent["private"] == nil)
    }

    @Test("a plugin's per-feed checkbox in plugin_data (af_psql_trgm, written without a type and with a bare 'checked') is sent back checked (039)")
    func pluginField() throws {
        let form = try #require(TTRSSFeedEditForm(answer: try Self.answer("039")))
        #expect(form.pluginFields.map { "\($0.0)=\($0.1)" } == ["trgm_similarity_enabled=on"])
        #expect(form.saveFields(id: 3, title: "x").contains { $0.0 == "purge_interval" && $0.1 == "14" })
    }
}
