import Foundation
import LectorSettings
import Testing
@testable import LectorCLI

/// CJK and other wide characters take two terminal cells, combining marks none: tables line up
/// and text cut to a width fits it.
@Suite("Wide characters in tables and cut text")
struct WideCharacterTests {
    @Test("a column holding 日本語 is as wide as six narrow characters: the next column lines up")
    func wideCellsAlign() {
        var table = TextTable(["TITLE", "URL"])
        table.add(["日本語", "x"])
        table.add(["abcdef", "y"])
        table.add(["e\u{301}te\u{301}", "z"])
        #expect(table.render(width: 80).split(separator: "\n") == ["TITLE   URL", "日本語  x", "abcdef  y", "e\u{301}te\u{301}     z"],
                "日本語 is 6 cells and é (e + combining accent) 1: \(table.render(width: 80))")
    }

    @Test("a wide title cut to its column fits it, ending in …")
    func wideCellCut() {
        var table = TextTable(["TITLE", "URL"])
        table.add(["日本語のタイトルです", "u"])
        #expect(table.render(width: 14).split(separator: "\n").last == "日本語の…  u", "9 cells for the title: \(table.render(width: 14))")
    }

    @Test("a search passage of wide characters is cut to the cells it has")
    func widePassageCut() {
        #expect(ArticleListView.fitted("日本語日本語日本語", to: 9) == "日本語日…", "4 wide characters (8 cells) and …")
    }

}
