/// Completion candidates as made in memory, or as kept in the name cache's file: there they stay
/// bytes — a value and a help per name, located, not decoded — until something needs them as
/// strings. A Tab over a thousand kept titles filters and prints them straight from the file's
/// bytes (making a thousand strings to print them again was 0.8 M instructions).
enum CandidateList {
    case made([Candidate])
    case kept(KeptNames)

    var candidates: [Candidate] {
        switch self {
        case .made(let candidates): candidates
        case .kept(let names): names.candidates
        }
    }
}

/// Names located in the bytes of the name cache's file.
struct KeptNames {
    let bytes: [UInt8]
    /// Four offsets into `bytes` per name: its value's start and end, its help's start and end.
    /// Plain integers: an array of tuples of ranges made the run-time build generic type
    /// metadata at every Tab (0.45 M instructions).
    var offsets: [Int]

    var count: Int { offsets.count / 4 }

    private func value(_ name: Int) -> Range<Int> { offsets[4 * name]..<offsets[4 * name + 1] }
    private func help(_ name: Int) -> Range<Int> { offsets[4 * name + 2]..<offsets[4 * name + 3] }

    var candidates: [Candidate] {
        // Names in a row mostly share their help ("feed"): made into a string once for the run.
        var lastHelp: (bytes: Range<Int>, text: String)?
        return (0..<count).map { name in
            let help = help(name)
            if lastHelp.map({ bytes[$0.bytes].elementsEqual(bytes[help]) }) != true {
                lastHelp = (help, String(decoding: bytes[help], as: UTF8.self))
            }
            return Candidate(value: String(decoding: bytes[value(name)], as: UTF8.self), help: lastHelp!.text)
        }
    }

    /// The names whose value starts with `loweredPrefix`, ignoring case (`Completer.hasPrefixIgnoringCase`).
    func filtered(ignoringCase loweredPrefix: String) -> KeptNames {
        guard !loweredPrefix.isEmpty else { return self }
        var kept = KeptNames(bytes: bytes, offsets: [])
        for name in 0..<count {
            let value = value(name)
            if Completer.hasPrefixIgnoringCase(bytes[value], loweredPrefix, value: { String(decoding: bytes[value], as: UTF8.self) }) {
                kept.offsets.append(contentsOf: offsets[(4 * name)..<(4 * name + 4)])
            }
        }
        return kept
    }

    /// Each name's value and help, as `(value, help)` byte slices, for the file they came from.
    func forEach(_ body: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Void) {
        for name in 0..<count { body(bytes[value(name)], bytes[help(name)]) }
    }

    /// Each name as a `value<TAB>help` line, from the bytes as they are (the caller checks
    /// them), copied into room made once (appending slice by slice was 0.26 M instructions).
    func appendLines(to output: inout [UInt8]) {
        let start = output.count
        let size = lineBytes
        output.append(contentsOf: repeatElement(0, count: size))
        output.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                guard let to = target.baseAddress, let from = source.baseAddress else { return }
                var at = start
                func copy(_ range: Range<Int>, then separator: UInt8) {
                    (to + at).update(from: from + range.lowerBound, count: range.count)
                    at += range.count
                    to[at] = separator
                    at += 1
                }
                for name in 0..<count {
                    copy(value(name), then: UInt8(ascii: "\t"))
                    copy(help(name), then: UInt8(ascii: "\n"))
                }
            }
        }
    }

    /// The bytes the lines take (room to reserve).
    var lineBytes: Int {
        (0..<count).reduce(0) { $0 + value($1).count + help($1).count + 2 }
    }
}
