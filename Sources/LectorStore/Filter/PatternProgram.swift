/// A pattern's tree compiled to a Thompson automaton: instructions that consume one byte of a
/// set, split, jump, test the bytes around (an assertion) or accept. Repetitions are written out
/// (`x{2,4}` is `x x x? x?`), so their size is what a pattern costs: past `maximumSize`
/// instructions it is refused, before more is built — what keeps `((a{1,100}){1,100}){1,100}`
/// from taking gigabytes, as it did in glibc's `regcomp`.
struct PatternProgram {
    /// Enough for any readable pattern (`\b(bitcoin|ethereum|nft)s?\b` is 37); every byte of a
    /// text costs at most this many steps when the matcher's cache cannot help.
    static let maximumSize = 2_000

    enum Instruction {
        case byte(ByteSet)
        case split(Int, Int)
        case jump(Int)
        case assertion(PatternAssertion)
        case accept
    }

    private(set) var instructions: [Instruction] = []

    init(_ node: PatternNode) throws(FilterPatternError) {
        try emit(node)
        instructions.append(.accept)
    }

    private mutating func append(_ instruction: Instruction) throws(FilterPatternError) {
        guard instructions.count < Self.maximumSize else {
            throw FilterPatternError(message: "the pattern is too large once its repetitions are written out (more than "
                                     + "\(Self.maximumSize) steps): use smaller counts in {m,n}", isBound: true)
        }
        instructions.append(instruction)
    }

    private mutating func emit(_ node: PatternNode) throws(FilterPatternError) {
        switch node {
        case .byte(let set): try append(.byte(set))
        case .assertion(let assertion): try append(.assertion(assertion))
        case .sequence(let items): for item in items { try emit(item) }
        case .alternation(let branches):
            // split(first, next split) … each branch jumping to the end.
            var jumps: [Int] = []
            for (number, branch) in branches.enumerated() {
                let isLast = number == branches.count - 1
                let split = instructions.count
                if !isLast { try append(.split(split + 1, -1)) }
                try emit(branch)
                if !isLast {
                    jumps.append(instructions.count)
                    try append(.jump(-1))
                    instructions[split] = .split(split + 1, instructions.count)
                }
            }
            for jump in jumps { instructions[jump] = .jump(instructions.count) }
        case .repetition(let item, let minimum, let maximum):
            for _ in 0..<minimum { try emit(item) }
            if let maximum {
                // Each optional copy: split(copy, end of all of them).
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(instructions.count)
                    try append(.split(instructions.count + 1, -1))
                    try emit(item)
                }
                for split in splits { instructions[split] = .split(split + 1, instructions.count) }
            } else {
                // loop: split(body, out); body; jump loop
                let loop = instructions.count
                try append(.split(loop + 1, -1))
                try emit(item)
                try append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            }
        }
    }
}
