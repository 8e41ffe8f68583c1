import FoundationEssentials
import Glibc
import LectorSettings
import LectorStore

/// The profiles on offer: the ones shipped with Lector and the user's own (which win on a name clash).
struct ProfileCatalog {
    enum Origin: String { case shipped, user }

    let entries: [(profile: Profile, origin: Origin)]
    let problems: [String]

    init(directories: AppDirectories) {
        let user = ProfileDirectory(url: URL(fileURLWithPath: directories.profilesDirectory)).load()
        var shippedProfiles: [Profile] = []
        var shippedProblems: [String] = []
        if let directory = Self.shippedDirectory {
            (shippedProfiles, shippedProblems) = ProfileDirectory(url: directory).load()
        } else {
            shippedProblems = ["the shipped profiles were not found: looked in \(Self.installedDirectory.path) and in a "
                               + "source tree above \(SelfExecutable.path); install Lector with scripts/install.sh"]
        }
        let userNames = Set(user.profiles.map(\.name))
        var all: [(profile: Profile, origin: Origin)] = user.profiles.map { ($0, Origin.user) }
        all += shippedProfiles.filter { !userNames.contains($0.name) }.map { ($0, Origin.shipped) }
        entries = all.sorted { $0.profile.name < $1.profile.name }
        problems = user.problems + shippedProblems
    }

    /// What loading this profile's file left out or warned of.
    func problems(of profile: Profile) -> [String] {
        problems.filter { $0.hasPrefix("\(profile.name).json: ") }
    }

    func named(_ name: String) throws(CLIError) -> (profile: Profile, origin: Origin) {
        guard let entry = entries.first(where: { $0.profile.name == name }) else {
            let names = entries.map(\.profile.name)
            throw .notFound("no profile named '\(name)'\(Suggestion.hint(for: name, in: names)) (see 'lector profile list')")
        }
        return entry
    }

    /// `share/lector/profiles` beside an installed `bin/lector`.
    static var installedDirectory: URL {
        SelfExecutable.url.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/lector/profiles")
    }

    /// Shipped profiles sit in `share/lector/profiles` beside an installed `bin/lector`, or in
    /// `profiles/` of the source tree (found by walking up from the executable, which covers
    /// `.build/*/lector`).
    static let shippedDirectory: URL? = {
        let installed = installedDirectory
        if FileManager.default.fileExists(atPath: installed.path) { return installed }
        var directory = SelfExecutable.url.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("profiles")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("minimal.json").path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }()
}

extension Session {
    /// The user's profiles folder, to write in: the config folder is made the user's own first
    /// (created 0700, or tightened when others may write in it), as the data and state folders are.
    func writableProfileDirectory() throws(CLIError) -> ProfileDirectory {
        try CLIError.catching { try AppDirectories.ensureDirectory(directories.config, lectorsOwn: true) }
        return ProfileDirectory(url: URL(fileURLWithPath: directories.profilesDirectory))
    }
}
