import Foundation
@testable import LectorSettings

/// The package root: three levels up from this file (Tests/LectorSettingsTests/TestSupport.swift).
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// When set, doc tests rewrite the generated files instead of comparing them.
let updatingDocs = ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1"

func fileText(_ relativePath: String) -> String? {
    try? String(contentsOf: repoRoot.appendingPathComponent(relativePath), encoding: .utf8)
}

func data(_ text: String) -> Data { Data(text.utf8) }

/// A backup of the given state, as bytes, through the public export path.
func exportedBackup(accounts: [BackupAccount] = sampleAccounts, preferences: Preferences = .defaults,
                    subscriptions: [String: BackupSubscriptions]? = sampleSubscriptions,
                    readingList: [ReadingListEntry]? = sampleReadingList) -> Data {
    BackupDocument.export(toolVersion: "1.2.3", accounts: accounts, preferences: preferences,
                          subscriptions: subscriptions, readingList: readingList,
                          now: Date(timeIntervalSince1970: 1_796_000_000)).encoded()
}

let sampleAccounts = [
    BackupAccount(kind: .freshrss, name: "home", url: "https://rss.example.org/api/greader.php", user: "alice", isDefault: true),
    BackupAccount(kind: .miniflux, name: "work", url: "https://flux.example.com", user: "al", isDefault: false),
    BackupAccount(kind: .local, name: "offline", url: nil, user: nil, isDefault: false),
]

let sampleSubscriptions = [
    "home": BackupSubscriptions(folders: ["Tech", "News"], feeds: [
        BackupFeed(title: "Tech Daily", url: "https://tech.example.org/feed.xml", siteURL: "https://tech.example.org/", folder: "Tech"),
        BackupFeed(title: "Loose", url: "https://loose.example.net/rss", siteURL: nil, folder: nil),
    ]),
]

let sampleReadingList = [
    ReadingListEntry(account: "home", articleURL: "https://tech.example.org/a1", title: "First"),
]

/// Edits a backup's JSON tree (to break it in one precise way) and re-encodes it.
func mutatedBackup(_ edit: (inout [String: JSONValue]) -> Void) -> Data {
    guard case .object(var root) = try? JSONValue(parsing: exportedBackup()) else { return Data() }
    edit(&root)
    return JSONValue.object(root).canonicalData(pretty: true)
}

/// Sets `root[path[0]][path[1]]… = value`, creating nothing: the path must exist up to its parent.
func set(_ value: JSONValue?, at path: [String], in root: inout [String: JSONValue]) {
    guard let first = path.first else { return }
    if path.count == 1 { root[first] = value; return }
    guard case .object(var child) = root[first] else { return }
    set(value, at: Array(path.dropFirst()), in: &child)
    root[first] = .object(child)
}

/// The error a read throws, or nil if it succeeded.
func backupError(_ bytes: Data) -> BackupError? {
    do { _ = try BackupReader.read(bytes); return nil } catch { return error }
}

/// A Python interpreter that has the `jsonschema` module (Debian: python3-jsonschema), or nil.
let pythonWithJSONSchema: String? = {
    for candidate in ["/usr/bin/python3", "python3"] where run(candidate, ["-c", "import jsonschema"]).status == 0 {
        return candidate
    }
    return nil
}()

/// Runs a program (found through PATH when not absolute) and returns its exit status and output.
func run(_ program: String, _ arguments: [String]) -> (status: Int32, output: String) {
    let process = Process()
    if program.hasPrefix("/") {
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return (-1, "could not start \(program): \(error)") }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
