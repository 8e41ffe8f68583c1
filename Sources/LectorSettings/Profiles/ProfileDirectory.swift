import FoundationEssentials
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
    public func load() -> (profiles: [Profile], problems: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var profiles: [Profile] = []
        var problems: [String] = []
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
                try? FileManager.default.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            throw .unwritable(destination.path)
        }
    }

    /// Deletes `<name>.json`; false if there was no such profile.
    @discardableResult
    public func remove(named name: String) -> Bool {
        let file = url.appendingPathComponent("\(name).json")
        guard Profile.isValidName(name), FileManager.default.fileExists(atPath: file.path) else { return false }
        return (try? FileManager.default.removeItem(at: file)) != nil
    }
}
