import FoundationEssentials
import LectorBasics
import Glibc

/// The profiles in one directory (shipped `profiles/`, or the user's config directory).
public struct ProfileDirectory: Sendable {
    /// The directory holding `<name>.json` files.
    public let url: URL

    /// A directory of profiles; it need not exist yet.
    public init(url: URL) {
        self.url = url
    }

    /// Every valid profile, sorted by name, and one line per file that was skipped and why.
    /// A directory that is missing has no profiles; one that cannot be read is a problem, said so.
    public func load() -> (profiles: [Profile], problems: [String]) {
        var profiles: [Profile] = []
        var problems: [String] = []
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            if FileManager.default.fileExists(atPath: url.path) {
                problems.append("\(url.path): cannot read the profiles folder (\(ErrorText.describe(error))); its profiles are not shown")
            }
            return (profiles, problems)
        }
        for file in names.sorted() where file.hasSuffix(".json") {
            do {
                let (profile, warnings) = try Profile.read(contentsOf: url.appendingPathComponent(file))
                if profile.name + ".json" != file {
                    problems.append("\(file): names itself '\(profile.name)'; skipped (the file name must be NAME.json)")
                    continue
                }
                profiles.append(profile)
                problems += warnings.map { "\(file): \($0)" }
            } catch {
                problems.append("\(file): \(error.message)")
            }
        }
        return (profiles, problems)
    }

    /// Writes `<name>.json` atomically with mode 0600, replacing an older version of the same profile.
    public func save(_ profile: Profile) throws(BackupError) {
        let destination = url.appendingPathComponent("\(profile.name).json")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let temporary = url.appendingPathComponent(".\(profile.name).json.tmp")
            guard FileManager.default.createFile(atPath: temporary.path, contents: profile.encoded(),
                                                 attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
            // rename(2) replaces an existing file atomically; FileManager's replace refuses a missing destination.
            guard rename(temporary.path, destination.path) == 0 else {
                // Cleanup on the way to the error below, which is the one to report.
                try? FileManager.default.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            throw .unwritable(destination.path)
        }
    }

    /// Deletes `<name>.json`; false if there was no such profile. A profile that is there but
    /// cannot be deleted (a read-only folder) is an error, never reported as removed.
    @discardableResult
    public func remove(named name: String) throws(BackupError) -> Bool {
        let file = url.appendingPathComponent("\(name).json")
        guard Profile.isValidName(name), FileManager.default.fileExists(atPath: file.path) else { return false }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw .unwritable(file.path)
        }
        return true
    }
}
