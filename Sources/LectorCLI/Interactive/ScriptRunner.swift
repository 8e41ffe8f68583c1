/// Runs commands read line by line from a non-terminal stdin (`lector < commands.txt`). Prints
/// only command output; stops at the first failing command unless `--keep-going`.
struct ScriptRunner {
    let session: Session
    let keepGoing: Bool

    func run() -> ExitStatus {
        let runner = CommandRunner(session: session)
        var status = ExitStatus.ok
        var lineNumber = 0
        while let line = readLine(strippingNewline: true) {
            lineNumber += 1
            let trimmed = line.trimmingWhitespace
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let words: [String]
            do {
                words = try ShellWords.split(trimmed)
            } catch {
                Console.error("line \(lineNumber): unterminated quote")
                status = .usage
                if keepGoing { continue } else { return status }
            }
            session.scriptLine = lineNumber
            let result = runner.run(words)
            if result != .ok {
                status = result
                if !keepGoing { return status }
            }
        }
        return status
    }
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}
