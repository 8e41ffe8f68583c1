import Foundation
import Glibc

/// Runs the `lector` binary with a pseudo-terminal as its stdin and stdout (stderr a pipe), as a
/// person at a terminal would, and types `answer` and Enter once `prompt` appears: questions
/// asked only at a terminal are tested in the ordinary suite, without tmux. `stdout` is what
/// the terminal showed (the typed answer echoed, newlines as CR LF).
func runAtTerminal(_ home: TestHome, _ arguments: [String], answer: String, after prompt: String,
                   timeout: TimeInterval = 30) throws -> ProcessResult {
    var master: Int32 = -1, slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOTTY) }
    defer { close(master) }
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestBinary.path)
    process.arguments = arguments
    process.environment = home.environment
    process.standardInput = terminal
    process.standardOutput = terminal
    let error = Pipe()
    process.standardError = error
    try process.run()
    // Only the child holds the terminal now: its end reads as EIO on the master once it exits.
    try terminal.close()
    var screen: [UInt8] = []
    var answered = false
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 100) > 0 else {
            if !process.isRunning { break }
            continue
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { break }
        screen += buffer[0..<count]
        if !answered, String(decoding: screen, as: UTF8.self).contains(prompt) {
            let typed = Array((answer + "\n").utf8)
            guard write(master, typed, typed.count) == typed.count else { break }
            answered = true
        }
    }
    if process.isRunning { process.terminate() }
    let errors = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: screen, as: UTF8.self),
                         stderr: String(decoding: errors, as: UTF8.self))
}
