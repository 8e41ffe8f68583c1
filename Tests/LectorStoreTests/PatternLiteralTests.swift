import Testing
@testable import LectorStore

/// The literal a `matches` pattern's every match contains turns texts away before glibc's
/// matcher runs: it must never turn away a text the matcher would match.
@Suite("The literal a pattern requires")
struct PatternLiteralTests {
    @Test("the literal read off a pattern is one every match holds, and none where it cannot be sure",
          arguments: [
            ("^river ", "river "), ("/12[0-9]*7$", "/12"), ("(?i)sponsored", nil), ("ab*c", "a"), ("colou?r", "colo"),
            ("a|b", nil), ("x(ab|cd)+yz", "yz"), ("[]a]bc", "bc"), ("[[:alpha:]]+ing\\b", "ing"), ("\\.tar\\.gz$", ".tar.gz"),
            ("\\bcat\\b", "cat"), ("ab{2,3}cd", "cd"), ("ab+cd", "ab"), ("é+tude", "tude"),
          ] as [(String, String?)])
    func literalIsRequired(_ pattern: String, _ expected: String?) throws {
        let compiled = try FilterPattern(pattern)
        #expect(compiled.requiredLiteral == expected, "'\(pattern)' requires '\(String(describing: compiled.requiredLiteral))', expected '\(String(describing: expected))'")
    }

    @Test("with or without the literal, a pattern finds the same texts")
    func literalNeverTurnsAwayAMatch() throws {
        let patterns = ["^river ", "/12[0-9]*7$", "ab*c", "colou?r", "x(ab|cd)+yz", "[]a]bc", "[[:alpha:]]+ing\\b", "\\.tar\\.gz$",
                        "\\bcat\\b", "ab{2,3}cd", "ab+cd", "é+tude", "a\\+b", "^\\[?Sponsored", "tide.*table", "[^x]yz", "(?i)RIVER"]
        let texts = ["river delta", "the river ", "/127", "/12997", "/1x7", "ac", "abbbc", "color", "colour", "xabcdabyz", "]bc", "abc",
                     "singing", "file.tar.gz", "filextarxgz", "cat", "concat", "abbcd", "abbbbcd", "abcd", "aabbcd", "éétude", "etude",
                     "a+b", "[Sponsored] post", "Sponsored", "tide and table", "ayz", "xyz", "River", "", "ab+cd"]
        for pattern in patterns {
            let compiled = try FilterPattern(pattern)
            for text in texts {
                let withLiteral = text.withCString { compiled.isFound(in: $0) }
                let matcherAlone = text.withCString { compiled.isFoundByMatcher(in: $0) }
                #expect(withLiteral == matcherAlone, "'\(pattern)' on '\(text)': \(withLiteral) with the literal '\(String(describing: compiled.requiredLiteral))', \(matcherAlone) by the matcher")
            }
        }
    }
}
