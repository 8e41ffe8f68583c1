import FoundationEssentials
import Glibc
import LectorText

/// What a command produced: text for people and a JSON document for scripts. Only one of the two
/// is printed, chosen by `--json`.
public struct CommandOutput: Sendable {
    public let text: String
    public let json: any Encodable & Sendable
    /// The last line of a JSON-lines stream (one compact line) instead of one pretty document.
    let endsStream: Bool
    /// Not `.ok` when the command did part of its work, or reports a failure alongside its
    /// output (a sync with a failed feed): the output is printed, then `failureLine` on stderr,
    /// and this is the exit code.
    var status: ExitStatus = .ok
    var failureLine: String?

    public init(text: String, json: any Encodable & Sendable) {
        self.init(text: text, json: json, endsStream: false)
    }

    init(text: String, json: any Encodable & Sendable, endsStream: Bool) {
        self.text = text
        self.json = json
        self.endsStream = endsStream
    }

    /// A plain confirmation such as "Demo library removed." with `{"ok": true, "message": …}` as JSON.
    static func message(_ text: String) -> CommandOutput {
        CommandOutput(text: text, json: MessageJSON(ok: true, message: text))
    }

    /// This output, ending the command with `status` and one line on stderr.
    func failing(_ status: ExitStatus, _ line: String) -> CommandOutput {
        var output = self
        output.status = status
        output.failureLine = line
        return output
    }

    struct MessageJSON: Encodable, Sendable {
        let ok: Bool
        let message: String
    }

    /// Renders the chosen form, ending with a newline unless empty.
    func rendered(asJSON: Bool, compact: Bool = false) -> String {
        if asJSON { return endsStream || compact ? JSONOutput.line(json, endingLine: true) : JSONOutput.encode(json, endingLine: true) }
        if text.isEmpty { return "" }
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}

/// The one JSON encoder of the CLI: sorted keys, ISO-8601 dates, no escaped slashes, and every
/// control character escaped (C1 and bidi controls too, which the encoder would write raw).
enum JSONOutput {
    /// `endingLine`: with a line feed after the document, added to its bytes rather than to the
    /// String made of them (a copy of the whole output).
    static func encode(_ value: any Encodable, endingLine: Bool = false) -> String {
        // Our output types hold strings, integers and finite numbers only, which always encode.
        (try? JSONTextEncoder.encode(value, pretty: true, endingLine: endingLine)) ?? (endingLine ? "null\n" : "null")
    }

    /// One compact line, for JSON-lines streams.
    static func line(_ value: any Encodable, endingLine: Bool = false) -> String {
        // As above: nothing in our output types can fail to encode.
        (try? JSONTextEncoder.encode(value, pretty: false, endingLine: endingLine)) ?? (endingLine ? "null\n" : "null")
    }

    /// Seconds since 1970 as an ISO-8601 UTC string.
    static func timestamp(_ seconds: Double?) -> String? {
        seconds.map { Date(timeIntervalSince1970: $0).formatted(.iso8601) }
    }
}
