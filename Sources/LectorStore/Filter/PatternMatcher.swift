/// Whether a `PatternProgram` matches somewhere in a text, without backtracking: the automaton's
/// states are followed all at once, byte by byte, and the sets met are kept as the states of a
/// deterministic automaton built as the texts need them (a lazy DFA, as RE2 and grep do). A byte
/// whose step is known costs one table read; an unknown one costs at most one pass over the
/// program; the table holds at most `maximumStates` states and starts again when full — so time
/// is linear in the text and memory bounded, whatever the pattern (glibc's matcher kept every
/// state it met: `(a|b)*a(a|b){20}c` over 100 KB of a/b took minutes and hundreds of megabytes).
///
/// Only whether there is a match is asked (what `regexec` with `REG_NOSUB` answers): the
/// automaton is started again before every byte, and the first accepting step ends the search.
final class PatternMatcher {
    static let maximumStates = 1_000

    private let program: [PatternProgram.Instruction]
    /// The context of the byte before a place: the text's start, a word byte or another byte.
    private enum Context: UInt8 { case edge = 0, word = 1, other = 2 }
    private struct StateKey: Hashable {
        let kernel: [Int32]
        let previous: UInt8
    }

    /// Per state: the instructions reached after its byte (before following splits and tests),
    /// the context of that byte, and its 256 next states (`unknown`, `accepted` or an index).
    private var states: [StateKey] = []
    private var stateIndex: [StateKey: Int32] = [:]
    private var transitions: [Int32] = []
    private var acceptsAtEnd: [Int8] = []
    private static let unknown: Int32 = -1, accepted: Int32 = -2, dead: Int32 = -3
    /// Whether every way through the program tests for the text's start before it reads a byte
    /// (`^Sponsored`): past the first byte, a state with nothing under way can never match.
    private let anchoredAtStart: Bool

    /// How often the program was followed, and the states in the table: what bounds a search's
    /// time and memory, for the tests.
    private(set) var programPasses = 0
    var stateCount: Int { states.count }

    /// Scratch for following the program: which instruction was seen in this pass.
    private var seen: [UInt32]
    private var pass: UInt32 = 0
    private var stack: [Int32] = []

    init(_ program: PatternProgram) {
        self.program = program.instructions
        seen = Array(repeating: 0, count: program.instructions.count)
        anchoredAtStart = Self.isAnchoredAtStart(program.instructions)
    }

    private static func isAnchoredAtStart(_ program: [PatternProgram.Instruction]) -> Bool {
        var seen = Set<Int>(), stack = [0]
        while let pc = stack.popLast() {
            guard seen.insert(pc).inserted else { continue }
            switch program[pc] {
            case .byte, .accept: return false
            case .split(let first, let second): stack += [first, second]
            case .jump(let target): stack.append(target)
            case .assertion(let assertion): if assertion != .textStart { stack.append(pc + 1) }
            }
        }
        return true
    }

    /// Whether the pattern matches in the NUL-terminated `text`.
    func isFound(in text: UnsafePointer<CChar>) -> Bool {
        var state = intern(StateKey(kernel: [], previous: Context.edge.rawValue))
        var byte = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        while byte.pointee != 0 {
            var next = transitions[Int(state) &* 256 &+ Int(byte.pointee)]
            if next == Self.unknown { next = step(from: state, over: byte.pointee) }
            if next == Self.accepted { return true }
            if next == Self.dead { return false }
            state = next
            byte += 1
        }
        if acceptsAtEnd[Int(state)] < 0 {
            var reached: [Int32] = []
            acceptsAtEnd[Int(state)] = follow(states[Int(state)], before: Context.edge.rawValue, reaching: &reached) ? 1 : 0
        }
        return acceptsAtEnd[Int(state)] == 1
    }

    /// The state after `state` reads `byte` (or `accepted`, or `dead` when no match can follow),
    /// computed and kept in the table.
    private func step(from state: Int32, over byte: UInt8) -> Int32 {
        let context = ByteSet.isWord(byte) ? Context.word : Context.other
        var reached: [Int32] = []
        if follow(states[Int(state)], before: context.rawValue, reaching: &reached) {
            transitions[Int(state) * 256 + Int(byte)] = Self.accepted
            return Self.accepted
        }
        var kernel: [Int32] = []
        for pc in reached {
            if case .byte(let set) = program[Int(pc)], set.contains(byte) { kernel.append(pc + 1) }
        }
        if kernel.isEmpty && anchoredAtStart {
            transitions[Int(state) * 256 + Int(byte)] = Self.dead
            return Self.dead
        }
        kernel.sort()
        let key = StateKey(kernel: kernel, previous: context.rawValue)
        if let known = stateIndex[key] {
            transitions[Int(state) * 256 + Int(byte)] = known
            return known
        }
        if states.count >= Self.maximumStates {
            // Full: start the table again from this state (the old one is gone with it).
            states.removeAll(keepingCapacity: true)
            stateIndex.removeAll(keepingCapacity: true)
            transitions.removeAll(keepingCapacity: true)
            acceptsAtEnd.removeAll(keepingCapacity: true)
            return intern(key)
        }
        let next = intern(key)
        transitions[Int(state) * 256 + Int(byte)] = next
        return next
    }

    private func intern(_ key: StateKey) -> Int32 {
        if let known = stateIndex[key] { return known }
        let index = Int32(states.count)
        states.append(key)
        stateIndex[key] = index
        transitions.append(contentsOf: repeatElement(Self.unknown, count: 256))
        acceptsAtEnd.append(-1)
        return index
    }

    /// Follows splits, jumps and the tests that hold between the byte before (`key.previous`) and
    /// the byte after (`next`, `edge` at the text's end) from the state's instructions and from
    /// the program's start; collects the byte instructions met into `reached`. True when the
    /// program accepts here.
    private func follow(_ key: StateKey, before next: UInt8, reaching reached: inout [Int32]) -> Bool {
        programPasses &+= 1
        pass &+= 1
        if pass == 0 {
            for index in seen.indices { seen[index] = 0 }
            pass = 1
        }
        stack.removeAll(keepingCapacity: true)
        stack.append(0)
        stack.append(contentsOf: key.kernel.reversed())
        let previous = key.previous
        while let pc = stack.popLast() {
            guard seen[Int(pc)] != pass else { continue }
            seen[Int(pc)] = pass
            switch program[Int(pc)] {
            case .byte: reached.append(pc)
            case .split(let first, let second):
                stack.append(Int32(second))
                stack.append(Int32(first))
            case .jump(let target): stack.append(Int32(target))
            case .assertion(let assertion):
                if Self.holds(assertion, previous: previous, next: next) { stack.append(pc + 1) }
            case .accept: return true
            }
        }
        return false
    }

    private static func holds(_ assertion: PatternAssertion, previous: UInt8, next: UInt8) -> Bool {
        let wordBefore = previous == Context.word.rawValue, wordAfter = next == Context.word.rawValue
        switch assertion {
        case .textStart: return previous == Context.edge.rawValue
        case .textEnd: return next == Context.edge.rawValue
        case .wordBoundary: return wordBefore != wordAfter
        case .notWordBoundary: return wordBefore == wordAfter
        case .wordStart: return !wordBefore && wordAfter
        case .wordEnd: return wordBefore && !wordAfter
        }
    }
}
