import Foundation

/// Questions asked at the terminal. Without a terminal nothing is asked and the caller must have
/// been told (e.g. `--yes`), so scripts never hang on a prompt.
enum Prompter {
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Asks for a number from 1 to `count`; nil when the answer is empty or not such a number.
    static func choose(count: Int) -> Int? {
        Console.out("Which one (1–\(count), Enter for none)? ")
        guard let answer = readLine(), let number = Int(answer.trimmingWhitespace), (1...count).contains(number) else { return nil }
        return number
    }

    /// Asks a yes/no question; the answer defaults to no.
    static func confirm(_ question: String) -> Bool {
        Console.out("\(question) [y/N] ")
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmingWhitespace.lowercased())
    }
}
