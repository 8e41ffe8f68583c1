import Foundation
import Testing
@testable import LectorSettings

/// Compares a checked-in generated file with what the code renders now; UPDATE_DOCS=1 rewrites it.
private func checkGenerated(_ relativePath: String, _ rendered: String) throws {
    let url = repoRoot.appendingPathComponent(relativePath)
    if updatingDocs {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(rendered.utf8).write(to: url)
    }
    #expect(fileText(relativePath) == rendered, "\(relativePath) is stale; regenerate it with UPDATE_DOCS=1 swift test")
}

@Suite("Generated documentation")
struct GeneratedDocsTests {
    @Test("docs/settings.md is what the registry renders")
    func settingsReference() throws {
        try checkGenerated("docs/settings.md", SettingsReference.markdown)
        for setting in SettingsRegistry.all {
            #expect(SettingsReference.markdown.contains("`\(setting.key)`"), "\(setting.key) missing from the reference")
        }
    }

    @Test("docs/backup.md is what the backup reference renders")
    func backupReference() throws {
        try checkGenerated("docs/backup.md", BackupReference.markdown)
    }

    @Test("docs/backup.schema.json is what the registry generates")
    func backupSchema() throws {
        try checkGenerated("docs/backup.schema.json", BackupSchema.text)
    }

    @Test("docs/schemas/backup-inspect.schema.json is what the registry generates")
    func backupInspectSchema() throws {
        try checkGenerated("docs/schemas/backup-inspect.schema.json", BackupSchema.inspectText)
    }

    @Test("the example in docs/backup.md is a valid backup")
    func exampleIsValid() throws {
        let (document, warnings) = try BackupReader.read(BackupExample.document.encoded())
        #expect(warnings.isEmpty && document == BackupExample.document, "the documented example must read back unchanged")
        _ = try Profile.read(BackupExample.profile.canonicalData(pretty: true))
    }
}
