import Foundation
import LectorSettings
import LectorText
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

/// A URL cut to fit keeps its host and its end (the file, the query), as a browser's status bar.
@Suite("URLs cut in the middle")
struct URLCutTests {
    @Test("an address column gives way by cutting in the middle, keeping the start and the end")
    func middleCut() {
        var table = TextTable(["TITLE", "URL"], flexibleColumn: 0, addressColumns: [1])
        table.add(["Tide", "https://tide.example/blogs/the-long-archive/of-every-season/feed.xml"])
        let row = table.render(width: 40).split(separator: "\n").last.map(String.init) ?? ""
        #expect(row == "Tide   https://tide.exa…-season/feed.xml", "the URL keeps its start and end: \(row)")
        #expect(DisplayWidth.cutInMiddle("https://例え.example/フィード.xml", to: 12) == "https:….xml", "cut by cells: 6, …, and 4 (ド would make 6)")
    }
}
