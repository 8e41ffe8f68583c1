import FoundationEssentials
import LectorBasics

/// How an article gets its stable identity.
public enum ArticleIdentity {
    /// The identity of an article.
    ///
    /// Rule, first that applies:
    /// 1. the feed's own id (RSS `guid`, RDF `rdf:about`, Atom `id`, JSON Feed `id`), whitespace-trimmed,
    ///    used verbatim (not normalised: Atom ids are compared character by character);
    /// 2. `"sha256:"` + hex SHA-256 of the article link with its scheme dropped
    ///    (`//host/path?query`), so a feed moving from http to https keeps its identities;
    /// 3. `"sha256:"` + hex SHA-256 of `title + "\n" + date` (ISO-8601 UTC of published, else updated,
    ///    else empty), falling back to the body text when both title and date are missing.
    public static func identity(explicitID: String?, link: String?, title: String, date: Date?, body: String?) -> String {
        if let id = explicitID?.trimmed, !id.isEmpty { return id }
        if let link = link?.trimmed, !link.isEmpty { return "sha256:" + sha256Hex(schemeless(link)) }
        let dateText = date.map(ISO8601UTC.string) ?? ""
        var material = title.trimmed + "\n" + dateText
        if material == "\n" { material += body ?? "" }
        return "sha256:" + sha256Hex(material)
    }

    /// `https://Example.com/a` → `//Example.com/a`; strings without a scheme are returned unchanged.
    static func schemeless(_ link: String) -> String {
        guard URLResolver.hasScheme(link), let colon = link.firstIndex(of: ":") else { return link }
        return String(link[link.index(after: colon)...])
    }

    /// Lower-case hex SHA-256 of the UTF-8 bytes of `text`.
    static func sha256Hex(_ text: String) -> String {
        // Hashed in place: copying into a Data first cost more than the digest for short titles.
        var text = text
        return text.withUTF8 { sha256Hex(UnsafeRawBufferPointer($0)) }
    }

    /// Lower-case hex SHA-256 of `bytes`.
    static func sha256Hex(_ bytes: Data) -> String {
        bytes.withUnsafeBytes { sha256Hex($0) }
    }

    private static func sha256Hex(_ bytes: UnsafeRawBufferPointer) -> String {
        let digest = SHA256.digest(bytes)
        return String(unsafeUninitializedCapacity: digest.count * 2) { out in
            for (i, b) in digest.enumerated() {
                out[2 * i] = hexDigits[Int(b >> 4)]
                out[2 * i + 1] = hexDigits[Int(b & 0xF)]
            }
            return digest.count * 2
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
