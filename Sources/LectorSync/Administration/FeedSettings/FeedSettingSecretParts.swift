import FoundationEssentials
import LectorBasics

/// Secrets inside plain-text settings: a proxy address with `user:password@`, an `http-headers`
/// line such as `Authorization: Bearer …`. The store, `feed show`, `--json` and backups keep such
/// a value with its secret part replaced by the marker `set` (`http://me:set@proxy:3128`,
/// `Authorization: set`); the keyring keeps the whole value, as it keeps a cookie.
extension FeedSettingKey {
    /// The keys whose plain-text value may carry a secret part.
    public var mayCarrySecret: Bool { self == .proxy || self == .httpHeaders }

    /// The keys the keyring may keep something for: secrets, and values with a secret part.
    public static let keptInKeyring: [FeedSettingKey] = allCases.filter { $0.holdsSecret || $0.mayCarrySecret }

    /// `value` as the store and every export may hold it: its secret part replaced by the marker.
    public func storable(_ value: String) -> String {
        switch self {
        case .proxy: Self.proxyWithoutPassword(value)
        case .httpHeaders: value.split(separator: "\n", omittingEmptySubsequences: false).map { Self.headerWithoutSecret(String($0)) }
            .joined(separator: "\n")
        default: value
        }
    }

    /// True when `value` has a secret part (given, or already the marker).
    public func carriesSecret(_ value: String) -> Bool {
        switch self {
        case .proxy: Self.proxyPasswordRange(value) != nil
        case .httpHeaders: value.split(separator: "\n").contains { Self.credentialHeaderName(String($0)) != nil }
        default: false
        }
    }

    /// True when `value` holds a secret itself, not just the marker where one was.
    public func revealsSecret(_ value: String) -> Bool {
        mayCarrySecret && storable(value) != value
    }

    /// The password of `scheme://user:password@host` or `user:password@host` (libcurl reads a
    /// proxy without a scheme as http).
    static func proxyPasswordRange(_ value: String) -> Range<String.Index>? {
        let start = value.firstRange(of: "://")?.upperBound ?? value.startIndex
        let authorityEnd = value[start...].firstIndex { "/?#".contains($0) } ?? value.endIndex
        let authority = value[start..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return nil }
        let password = value.index(after: colon)..<at
        return password.isEmpty ? nil : password
    }

    static func proxyWithoutPassword(_ value: String) -> String {
        guard let range = proxyPasswordRange(value) else { return value }
        var text = value
        text.replaceSubrange(range, with: secretMarker)
        return text
    }

    /// The header names whose value is a credential: the standard ones, and any name that says so.
    static func credentialHeaderName(_ line: String) -> String? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingBlanks.lowercased()
        let exact: Set<String> = ["authorization", "proxy-authorization", "cookie", "x-api-key", "api-key"]
        let words = ["token", "secret", "password", "passwd", "auth", "apikey", "api-key", "api_key", "session", "credential"]
        return exact.contains(name) || words.contains(where: name.contains) ? String(line[..<colon]) : nil
    }

    static func headerWithoutSecret(_ line: String) -> String {
        guard let name = credentialHeaderName(line) else { return line }
        return "\(name): \(secretMarker)"
    }
}
