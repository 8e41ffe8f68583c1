import FoundationEssentials
import LectorBasics

/// Encodes `application/x-www-form-urlencoded` bodies.
public enum FormEncoding {
    /// Percent-encodes one form component (everything but unreserved characters).
    public static func escape(_ text: String) -> String {
        text.percentEncoded(allowing: URLBytes.isUnreserved)
    }

    /// Joins ordered fields as `k=v&k=v`, keys may repeat.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }
}
