import Testing
@testable import LectorCLI

@Suite("Help fitted to the terminal")
struct HelpWrappingTests {
    @Test("long lines break between words; an option's description continues under its own column")
    func wrapsBetweenWords() {
        let help = """
            Usage: feed password FEED [--account NAME] [--login USER] [--bearer]

            The feed keeps the login it has (user, or token); --login USER or --bearer gives it another.
              -a, --account NAME    act on this account instead of the default one, whatever it is called
            """
        let fitted = HelpWrapping.fit(help, width: 50)
        let lines = fitted.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 50 }, "a line is wider than the terminal:\n\(fitted)")
        #expect(fitted.split(whereSeparator: { $0 == " " || $0 == "\n" }) == help.split(whereSeparator: { $0 == " " || $0 == "\n" }),
                "a word was cut or lost:\n\(fitted)")
        let option = lines.firstIndex { $0.hasPrefix("  -a, --account NAME") }!
        #expect(lines[option + 1].hasPrefix(String(repeating: " ", count: 24)) && lines[option + 1].dropFirst(24).first != " ",
                "the description continues under its column:\n\(fitted)")
        #expect(HelpWrapping.fit("short line\n\nanother", width: 40) == "short line\n\nanother", "short lines stay as they are")
        #expect(HelpWrapping.fit(String(repeating: "x", count: 50), width: 20).split(separator: "\n").allSatisfy { $0.count <= 20 },
                "a word longer than the width is cut, not left running off the edge")
    }
}
