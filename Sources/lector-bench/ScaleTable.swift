import Foundation

/// The figures of `scale` per size, printed with their growth over the smallest size and
/// recorded in the summary against the goals.
struct ScaleTable {
    struct Figure {
        let name: String
        let value: Double
        let unit: String
        /// The peer measured in the same run (the SQLite floor, the bare MATCH), if any.
        let floor: Double?
        /// True when a larger value is worse (time, bytes); false for rates.
        let growthIsCost: Bool
    }

    private var sizes: [Int] = []
    private var figures: [[Figure]] = []

    mutating func add(_ size: Int, _ measured: [Figure]) {
        sizes.append(size)
        figures.append(measured)
    }

    /// Growth of figure `index` at size `column` over the smallest size: > 1 means it costs more.
    private func growth(_ index: Int, _ column: Int) -> Double {
        let base = figures[0][index], now = figures[column][index]
        return base.growthIsCost ? now.value / base.value : base.value / now.value
    }

    func print() {
        guard let first = figures.first else { return }
        Swift.print("\nscale: each figure, and its growth over \(sizes[0]) articles (> 1.00× costs more)")
        let width = first.map(\.name.count).max().map { $0 + 2 } ?? 44
        Swift.print("figure".padding(toLength: width, withPad: " ", startingAt: 0)
                    + sizes.map { String($0).leftPadded(34) }.joined())
        for (index, figure) in first.enumerated() {
            var line = figure.name.padding(toLength: width, withPad: " ", startingAt: 0)
            for column in sizes.indices {
                let value = figures[column][index]
                var cell = Self.format(value.value) + " " + value.unit
                if let floor = value.floor { cell += String(format: " (%.2f× peer)", value.value / floor) }
                if column > 0 { cell += String(format: " %.2f×", growth(index, column)) }
                line += cell.leftPadded(34)
            }
            Swift.print(line)
        }
    }

    func record() {
        guard let largest = sizes.indices.last else { return }
        for (index, figure) in figures[0].enumerated() {
            for column in sizes.indices {
                let value = figures[column][index]
                let target = goal(index, column, largest: largest)
                // The summary keeps the rows with a goal, and every figure at the largest size.
                guard target != "—" || column == largest else { continue }
                let peer = value.floor.map { (figure.name.hasPrefix("search") ? "bare MATCH " : "row-by-row floor ") + Self.format($0) + " " + value.unit } ?? "—"
                let ratio = value.floor.map { String(format: "%.2f×", value.value / $0) }
                    ?? (column == 0 ? "—" : String(format: "%.2f× of %d", growth(index, column), sizes[0]))
                Summary.record("scale", "\(figure.name), \(sizes[column])", lector: Self.format(value.value) + " " + value.unit,
                               peer: peer, ratio: ratio, goal: target)
            }
        }
    }

    /// The goal for this figure at this size, with its verdict; "—" where it sets none.
    private func goal(_ index: Int, _ column: Int, largest: Int) -> String {
        let figure = figures[column][index]
        switch figure.name {
        case "first sync":
            return "≥ 0.70× floor: " + Summary.verdict(figure.value / (figure.floor ?? 1) >= 0.7)
        case "peak RSS above emulator":
            return "< 100 MB: " + Summary.verdict(figure.value * 1.048_576 < 100)
        case "first sync, µs per article" where column == largest && column > 0:
            let ratio = figure.value / figures[column - 1][index].value
            return String(format: "≤ 1.2× of %d (%.2f×): ", sizes[column - 1], ratio) + Summary.verdict(ratio <= 1.2)
        case let name where name.hasPrefix("search") && name.hasSuffix("in-process p50"):
            return "≤ 1.2× bare MATCH: " + Summary.verdict(figure.value / (figure.floor ?? 1) <= 1.2)
        case let name where (name.hasPrefix("article list") && !name.contains("--search")) || name.hasPrefix("__complete")
            || name.hasPrefix("feed list"):
            guard column == largest, column > 0 else { return "—" }
            return String(format: "≤ 1.2× of %d: ", sizes[0]) + Summary.verdict(growth(index, column) <= 1.2)
        default:
            return "—"
        }
    }

    private static func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? " " + self : String(repeating: " ", count: width - count) + self }
}
