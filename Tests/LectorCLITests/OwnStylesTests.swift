import Testing
import LectorText
import LectorSettings
@testable import LectorCLI

@Suite("Lector's own styles pass the one writer")
struct OwnStylesTests {
    @Test("every theme's colours survive the writer's sanitiser unchanged", arguments: Theme.allCases)
    func paletteSurvives(theme: Theme) {
        let palette = Palette(theme: theme, color: true)
        let styled = palette.header("Title") + " " + palette.dim("dim") + " " + palette.matchStart + "match" + palette.matchEnd
        #expect(TerminalSanitizer.keepingStyles(styled) == styled, "\(theme): the writer removed part of \(styled.debugDescription)")
        #expect(TerminalSanitizer.clean(styled) == "Title dim match", "clean strips every code")
    }
}
