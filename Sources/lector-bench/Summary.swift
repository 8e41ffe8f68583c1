import Foundation

/// One row of the final table: Lector's figure beside its peer's, measured in the same run.
/// Printed at once; also appended (tab-separated) to $LECTOR_BENCH_SUMMARY so `scripts/bench.sh`
/// can gather every benchmark's rows into one table.
enum Summary {
    static func record(_ benchmark: String, _ what: String, lector: String, peer: String, ratio: String, goal: String) {
        print("  → \(what): Lector \(lector) | peer \(peer) | ratio \(ratio) | goal \(goal)")
        guard let path = ProcessInfo.processInfo.environment["LECTOR_BENCH_SUMMARY"], !path.isEmpty else { return }
        let line = [benchmark, what, lector, peer, ratio, goal].map { $0.replacingOccurrences(of: "\t", with: " ") }
            .joined(separator: "\t") + "\n"
        guard let handle = FileHandle(forWritingAtPath: path) ?? {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }() else { return }
        handle.seekToEndOfFile()
        handle.write(Data(line.utf8))
        handle.closeFile()
    }

    /// Prints the rows gathered in `path` as one aligned table (`lector-bench summary FILE`).
    static func printTable(_ arguments: [String]) throws {
        guard let path = arguments.first, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw BenchError.usage("usage: lector-bench summary FILE (the rows written through LECTOR_BENCH_SUMMARY)")
        }
        let header = ["benchmark", "what", "Lector", "peer", "ratio", "goal"]
        let rows = [header] + text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let widths = header.indices.map { column in rows.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            header.indices.map { column in
                let cell = cells.count > column ? cells[column] : ""
                return cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        print(line(header))
        print(line(widths.map { String(repeating: "-", count: $0) }))
        rows.dropFirst().forEach { print(line($0)) }
    }

    /// "met" or "missed" for a goal that is a bound on the ratio.
    static func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }
}
