import FoundationEssentials
import LectorBasics

/// Finds the human-readable message in a provider's JSON error body.
enum ErrorBody {
    /// Longest server message passed on; longer ones are cut (they can echo the whole request).
    static let maxMessageCharacters = 200

    /// `{"error": {"message": …}}` (OpenAI), `{"error": "…"}` (Ollama), else the body's first line.
    static func message(in body: Data, redacting secret: String?) -> String {
        // A body that is not JSON falls back to its first line below, so nothing is lost.
        let parsed = (try? JSONObject.parse(body)) as? [String: Any]
        let raw: String
        if let error = parsed?["error"] {
            raw = message(from: error)
        } else if let message = parsed?["message"] as? String {
            raw = message
        } else {
            raw = String(decoding: body.prefix(1024), as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        }
        return clean(raw, redacting: secret)
    }

    /// The message inside an `error` value, whichever of the two shapes it has.
    static func message(from error: Any) -> String {
        if let text = error as? String { return text }
        if let object = error as? [String: Any], let text = object["message"] as? String { return text }
        return "unknown error"
    }

    /// One line without control characters, without the key, at most `maxMessageCharacters` long.
    static func clean(_ message: String, redacting secret: String?) -> String {
        var text = message
        if let secret, !secret.isEmpty { text = text.replacingAll(secret, with: "…") }
        text = String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        text = text.trimmingBlanks
        return text.count > maxMessageCharacters ? String(text.prefix(maxMessageCharacters)) + "…" : text
    }
}
