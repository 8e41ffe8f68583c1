/// A run of bytes every match of a `matches` pattern must contain, read off the pattern — so
/// that a text without it is turned away by one `strstr` instead of glibc's matcher (20 of the
/// 50 rules of `lector-bench rules` are patterns; most texts hold none of their words). It is
/// found conservatively: any alternation, or a pattern that ignores case, gives none, and
/// everything that is not a plain character — a class, a group, an anchor, an escape that is
/// not a literal — ends a run, as does a character a quantifier makes optional or repeatable.
enum PatternLiteral {
    static func required(in pattern: String, ignoringCase: Bool) -> [UInt8]? {
        guard !ignoringCase else { return nil }
        let bytes = Array(pattern.utf8)
        var runs: [[UInt8]] = [[]]
        var index = 0
        func endRun() { if !runs[runs.count - 1].isEmpty { runs.append([]) } }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "|"): return nil
            case UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "{"):
                // After another quantifier (`a+?`) the atom now optional already ended a run: no
                // literal is sure.
                if index > 0, "+*?}".utf8.contains(bytes[index - 1]), index < 2 || bytes[index - 2] != UInt8(ascii: "\\") { return nil }
                // The atom before may be absent: it leaves the run.
                if !runs[runs.count - 1].isEmpty { runs[runs.count - 1].removeLast() }
                endRun()
                if byte == UInt8(ascii: "{") {
                    guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
                    index = close
                }
            case UInt8(ascii: "+"):
                // The atom before is there at least once; what follows need not be next to it.
                endRun()
            case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"):
                endRun()
            case UInt8(ascii: "["):
                guard let close = bracketEnd(bytes, from: index) else { return nil }
                index = close
                endRun()
            case UInt8(ascii: "("):
                guard let close = groupEnd(bytes, from: index) else { return nil }
                // An alternation inside a group is only the group's; the group itself may be
                // quantified, so nothing of it is taken.
                index = close
                endRun()
            case UInt8(ascii: ")"): return nil
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return nil }
                let escaped = bytes[index + 1]
                index += 1
                if Self.literalEscapes.contains(escaped) { runs[runs.count - 1].append(escaped) } else { endRun() }
            default:
                runs[runs.count - 1].append(byte)
            }
            index += 1
        }
        // A quantifier after a group or class was handled above; one after an escape too.
        let longest = runs.max { $0.count < $1.count } ?? []
        return longest.isEmpty ? nil : longest
    }

    /// The escapes that stand for their own character (`\.`, `\$`, `\\`); the others are
    /// classes, anchors or back references.
    static let literalEscapes: Set<UInt8> = Set(".[]()*+?{}|^$\\/-".utf8)

    /// The index of the `]` that closes the bracket expression opening at `start`.
    static func bracketEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1 }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "["), index + 1 < bytes.count, ":.=".utf8.contains(bytes[index + 1]) {
                let kind = bytes[index + 1]
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == kind && bytes[end + 1] == UInt8(ascii: "]")) { end += 1 }
                guard end + 1 < bytes.count else { return nil }
                index = end + 2
                continue
            }
            if bytes[index] == UInt8(ascii: "]") { return index }
            index += 1
        }
        return nil
    }

    /// The index of the `)` that closes the group opening at `start`.
    static func groupEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["):
                guard let close = bracketEnd(bytes, from: index) else { return nil }
                index = close
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }
}
