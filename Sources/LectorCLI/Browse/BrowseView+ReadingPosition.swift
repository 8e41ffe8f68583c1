import LectorAccounts
import LectorStore

extension BrowseView {
    /// The article open in the reader, also under the help or a menu opened over it.
    var openArticle: ReaderScreen? {
        var mode = self.mode
        while true {
            switch mode {
            case .reader(let reader): return reader
            case .help(let previous), .menu(_, let previous): mode = previous.mode
            default: return nil
            }
        }
    }

    /// With `reader.remember-position` on, keeps where `reader` was left (through the account
    /// core's verb) once it is no longer the article open — back to the list, another article,
    /// or the view closing (`closing`). Back at its top, the article's position is forgotten.
    func rememberPosition(leaving reader: ReaderScreen?, closing: Bool = false) {
        guard preferences.rememberReadingPosition, let reader else { return }
        if !closing, openArticle?.articleID == reader.articleID { return }
        let position = ReadingPosition(topLine: reader.offset, lineCount: reader.lines.count)
        do throws(CLIError) { try core { try browser.manager.keepReadingPosition(position, of: reader.articleID) } } catch {
            status = error.description
        }
    }

    /// `reader` at the place it was left last time, when `reader.remember-position` is on.
    func atRememberedPosition(_ reader: ReaderScreen) throws(CLIError) -> ReaderScreen {
        guard preferences.rememberReadingPosition,
              let position = try core({ try browser.manager.readingPosition(of: reader.articleID) }) else { return reader }
        var reader = reader
        reader.offset = position.topLine(ofLines: reader.lines.count)
        reader.scroll(by: 0, rows: terminal.size().rows)
        return reader
    }
}
