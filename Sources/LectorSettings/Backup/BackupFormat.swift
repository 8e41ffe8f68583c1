import FoundationEssentials
import LectorBasics

/// Names and versions of the two documents this module reads and writes.
public enum BackupFormat {
    /// The `format` value of a backup.
    public static let name = "lector-backup"
    /// The `format` value of a profile.
    public static let profileName = "lector-profile"
    /// The backup version this Lector writes; it reads every 1.x (newer minors with warnings).
    /// 1.1 added an account's `plain_http_host` (optional: 1.0 files lack it); 1.2 a feed's
    /// `title_placeholder` and a local feed's `read_articles` and `starred_articles` (optional too);
    /// 1.3 the `starred` section (optional: a 1.2 reader skips it with a warning) and the `keys`
    /// settings group; 1.4 a feed's `server_settings` and the `rules` and `saved_searches` sections
    /// (all optional too); 1.5 the `mcp` settings group (a 1.4 file lacks it, and restores here).
    public static let current = FormatVersion(major: 1, minor: 5)
    /// The profile version this Lector writes: 1.1 added the `keys` settings group.
    public static let currentProfile = FormatVersion(major: 1, minor: 1)

    /// The version this Lector writes for `kind`.
    public static func current(for kind: DocumentKind) -> FormatVersion {
        kind == .backup ? current : currentProfile
    }

    /// An ISO-8601 UTC timestamp with second precision, as `created_at` holds it.
    public static func timestamp(_ date: Date) -> String {
        UTCTimestamp.text(date)
    }
}
