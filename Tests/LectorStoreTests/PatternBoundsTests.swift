import Glibc
import Testing
@testable import LectorStore

/// A `matches` pattern costs a bounded amount whatever it says: one a backup or a person brings
/// may be hostile (issue 39, P4: a repetition bomb took 4 GB in glibc's `regcomp`, a
/// back-reference over a 100 KB item hung a sync, and `(a|b)*a(a|b){20}c` takes glibc minutes).
@Suite("The cost of a matches pattern is bounded")
struct PatternBoundsTests {
    @Test("a repetition bomb is refused while it is read, with one line naming the bound",
          arguments: ["((a{1,100}){1,100}){1,100}", "(((x{0,1000}){0,1000}){0,1000}){0,1000}", "a{30000}", "(ab|cd|ef){1000}"])
    func repetitionBomb(pattern: String) {
        let error = #expect(throws: FilterPatternError.self) { try FilterPattern(pattern) }
        #expect(error?.isBound == true && error?.description.contains("too large") == true, "\(String(describing: error))")
        let filter = #expect(throws: FilterError.self) { try FilterParser.parse("title matches \"\(pattern)\"") }
        #expect(filter?.description.contains("a regular expression Lector does not run") == true
                && filter?.description.contains("\n") == false, "\(String(describing: filter))")
    }

    @Test("a back-reference is refused: matching one can take time exponential in the text", arguments: ["(a*)*\\1b", "(.)\\1", "(x+x+)+\\9"])
    func backReference(pattern: String) {
        let error = #expect(throws: FilterPatternError.self) { try FilterPattern(pattern) }
        #expect(error?.isBound == true && error?.description.contains("back-references") == true, "\(String(describing: error))")
    }

    @Test("groups nested thousands deep are refused with one line, not a crash")
    func deepGroups() {
        let pattern = String(repeating: "(", count: 20_000) + "a" + String(repeating: ")", count: 20_000)
        let error = #expect(throws: FilterPatternError.self) { try FilterPattern(pattern) }
        #expect(error?.description.contains("nested more than \(PatternSyntax.maximumDepth) deep") == true, "\(String(describing: error))")
        #expect(throws: Never.self) { try FilterPattern(String(repeating: "(", count: 30) + "a" + String(repeating: ")", count: 30)) }
    }

    /// The automaton of `(a|b)*a(a|b){20}c` has a million states: glibc's matcher keeps every one
    /// it meets. Lector's follows the program at most once per byte and keeps a bounded table.
    @Test("a pattern whose automaton explodes is matched in steps linear in the text, with a bounded table")
    func explodingAutomaton() throws {
        let pattern = try FilterPattern("(a|b)*a(a|b){20}c")
        var generator = SystemRandomNumberGenerator()
        var text = (0..<100_000).map { _ in Bool.random(using: &generator) ? UInt8(ascii: "a") : UInt8(ascii: "b") }
        let noMatch = (text + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { pattern.isFoundByMatcher(in: $0.baseAddress!) } }
        #expect(!noMatch, "no c, no match")
        #expect(pattern.matcher.programPasses <= text.count + 1, "\(pattern.matcher.programPasses) passes over the program for \(text.count) bytes")
        #expect(pattern.matcher.stateCount <= PatternMatcher.maximumStates, "\(pattern.matcher.stateCount) states kept")
        text[text.count - 21] = UInt8(ascii: "a")
        text.append(UInt8(ascii: "c"))
        let match = (text + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { pattern.isFoundByMatcher(in: $0.baseAddress!) } }
        #expect(match, "an a twenty bytes before the c matches")
    }

    /// Lector's matcher answers as glibc's did for every pattern glibc runs within the bounds:
    /// the same syntax (POSIX extended, GNU escapes, classes, `(?i)`), the same bytes.
    @Test("Lector's matcher finds what glibc's regexec finds, and refuses what regcomp refuses")
    func sameAnswersAsGlibc() throws {
        let patterns = [
            "river", "^river", "river$", "^$", "a|b|", "(a|)b", "()", "colou?r", "ab*c", "ab+c", "a{2}", "a{2,}", "a{,2}b", "a{1,3}b",
            "x(ab|cd)+yz", "[]a]bc", "[^]a]b", "[a-c-]", "[[:alpha:]]+ing\\b", "[[:digit:][:space:]]x", "[[:upper:]]", "[[:punct:]]",
            "[[=e=]]x", "[[.-.]]", "\\.tar\\.gz$", "\\bcat\\b", "\\Bat", "\\<th", "ng\\>", "\\w+\\s\\w+", "\\W\\S", "\\`a", "b\\'",
            "(?i)RIVER", "(?i)[a-c]+X", "(?i)[[:upper:]]Q", "é+tude", "[é]", "[^a-z]", ".", "a.c", "^\\[?Sponsored", "(a*)*b", "(a|b)*abb",
            "a**", "a+?", "(^a|b$)", "x^", "$x", "a\\|b", "\\d", "a{0}b", "(ab){0,0}c", "\\(x\\)", "a\\{2\\}", "\\",
            "[", "[a", "(", "a)", ")", "*a", "a{", "a{1", "a{x}", "a{3,2}", "[z-a]", "[[:nope:]]", "[[.ab.]]", "+", "a|*b", "(*a)", "{1}",
        ]
        let texts = ["river delta", "the river", "", "river", "b", "ab", "color", "colour", "ac", "abbc", "aa", "aab", "b", "aaab",
                     "xabcdabyz", "]bc", "bb", "-", "singing well", "5x", " x", "Hello", "!", "ex", "file.tar.gz", "cat", "concat", "flat",
                     "the", "sing", "word word", "%a", "a", "xb", "RiVeR", "ABX", "q", "aQ", "éétude", "étude", "\u{e9}", "Z", "abc",
                     "[Sponsored]", "Sponsored post", "aaaaaab", "babb", "a|b", "d", "xc", "(x)", "a{2}", "\\", "*a", "a)", "a\nb", "\t"]
        for pattern in patterns {
            var glibc = regex_t()
            var body = Substring(pattern)
            var flags = REG_EXTENDED | REG_NOSUB
            if body.hasPrefix("(?i)") { flags |= REG_ICASE; body = body.dropFirst(4) }
            let compiled = regcomp(&glibc, String(body), flags) == 0
            defer { if compiled { regfree(&glibc) } }
            let ours = try? FilterPattern(pattern)
            #expect((ours != nil) == compiled, "'\(pattern)': glibc \(compiled ? "compiles" : "refuses") it, Lector \(ours != nil ? "compiles" : "refuses") it")
            guard compiled, let ours else { continue }
            for text in texts {
                let expected = regexec(&glibc, text, 0, nil, 0) == 0
                let found = text.withCString { ours.isFound(in: $0) }
                #expect(found == expected, "'\(pattern)' on \(text.debugDescription): glibc \(expected), Lector \(found)")
            }
        }
    }
}
