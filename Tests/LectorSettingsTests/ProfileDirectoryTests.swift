import Foundation
import Testing
@testable import LectorSettings

@Suite("Profile directories")
struct ProfileDirectoryTests {
    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lector-profiles-\(UUID().uuidString)")
    }

    @Test("the shipped directory loads all four profiles without problems")
    func shippedDirectory() {
        let (profiles, problems) = ProfileDirectory(url: repoRoot.appendingPathComponent("profiles")).load()
        #expect(profiles.map(\.name) == profiles.map(\.name).sorted(), "sorted by name")
        #expect(Set(["focus", "minimal", "newsroom", "night"]).isSubset(of: profiles.map(\.name)), "the four shipped profiles load")
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("save writes NAME.json with mode 0600, load reads it back, remove deletes it")
    func saveLoadRemove() throws {
        let url = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: url) }
        let directory = ProfileDirectory(url: url)
        let profile = try Profile(name: "mine", description: "mine", values: ["reader.font": "sans"])
        try directory.save(profile)
        try directory.save(profile)
        let file = url.appendingPathComponent("mine.json").path
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600, "profiles are user data: mode 0600, found \(String(mode ?? 0, radix: 8))")
        #expect(directory.load().profiles == [profile], "the saved profile loads back")
        #expect(try directory.remove(named: "mine") && !directory.remove(named: "mine"), "removed once")
    }

    @Test("a profiles folder that cannot be read is one problem line, not silently no profiles; a missing one is no problem")
    func unreadableFolder() throws {
        let url = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(ProfileDirectory(url: url).load().problems.isEmpty, "a folder not made yet has no profiles and no problem")
        try data("not a folder").write(to: url)
        let (profiles, problems) = ProfileDirectory(url: url).load()
        #expect(profiles.isEmpty)
        #expect(problems.count == 1 && problems[0].contains(url.path) && problems[0].contains("cannot read the profiles folder"),
                "the user must learn their profiles are not shown: \(problems)")
    }

    @Test("broken and misnamed files are skipped with one line each")
    func problemsReported() throws {
        let url = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try data("{\"format\": \"lector-profile\", ").write(to: url.appendingPathComponent("cut.json"))
        try (try Profile(name: "other", description: "", values: [:])).encoded().write(to: url.appendingPathComponent("wrong.json"))
        let (profiles, problems) = ProfileDirectory(url: url).load()
        #expect(profiles.isEmpty, "nothing valid here")
        #expect(problems.count == 2 && problems[0].hasPrefix("cut.json: the profile file is not valid JSON") && problems[1].hasPrefix("wrong.json: names itself 'other'"), "\(problems)")
    }
}
