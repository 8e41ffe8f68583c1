import CCrypto
import Foundation

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

    /// Lower-case hex SHA-256 of the UTF-8 bytes of `text` (libcrypto's EVP_Digest).
    static func sha256Hex(_ text: String) -> String {
        sha256Hex(Data(text.utf8))
    }

    /// Lower-case hex SHA-256 of `bytes`.
    static func sha256Hex(_ bytes: Data) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = bytes.withUnsafeBytes { buf in
            EVP_Digest(buf.baseAddress, buf.count, &digest, &length, EVP_sha256(), nil)
        }
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for b in digest.prefix(Int(length)) {
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
