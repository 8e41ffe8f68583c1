import Foundation
import Testing

/// What every `browse` journey reads off the screen: the highlighted row and whether the shell's
/// prompt is back after the view quit.
protocol BrowseScreenReading {}

extension BrowseScreenReading {
    /// The row the list highlights (it starts with "> "), as the screen shows it.
    func selected(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("> ") }.map(String.init)
    }

    /// Whether the journey's shell prompt is the screen's last line again (the view has quit).
    func atPrompt(_ terminal: TmuxTerminal) -> Bool {
        terminal.wait(for: { $0.split(separator: "\n").last.map(String.init) == TmuxTerminal.prompt.trimmingCharacters(in: .whitespaces) }, timeout: 10)
    }
}

/// A journey that checks the store behind the screen, through `article list --json` decoded into
/// the suite's own `Row` (each suite names only the fields it asserts on).
protocol BrowseStoreReading {
    associatedtype Row: Decodable
}

extension BrowseStoreReading {
    /// The library's articles in list order, as the store holds them now.
    func rows(_ journey: Journey, _ options: String = "") throws -> [Row] {
        let result = try journey.shell("lector article list --json --limit 100 --all \(options)")
        try #require(result.status == 0, "article list failed: \(result.stderr)")
        return try JSONDecoder().decode([Row].self, from: Data(result.stdout.utf8))
    }
}
