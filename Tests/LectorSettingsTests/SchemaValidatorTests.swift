import Foundation
import Testing
@testable import LectorSettings

/// Validates a JSON file against docs/backup.schema.json with Python's jsonschema (an independent implementation).
/// `definition` picks a `$defs` entry (e.g. "profile") instead of the whole backup.
private func validateWithPython(_ bytes: Data, definition: String? = nil) throws -> (status: Int32, output: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("document.json")
    try bytes.write(to: file)
    let script = """
    import jsonschema, json, sys
    schema = json.load(open(sys.argv[1]))
    document = json.load(open(sys.argv[2]))
    validator = jsonschema.validators.validator_for(schema)
    validator.check_schema(schema)
    if sys.argv[3]:
        schema = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/" + sys.argv[3]}
    errors = sorted(validator(schema).iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors:
        print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
    sys.exit(1 if errors else 0)
    """
    // While UPDATE_DOCS rewrites the checked-in schema in parallel, validate against the text being written.
    let schemaFile = directory.appendingPathComponent("schema.json")
    if updatingDocs { try Data(BackupSchema.text.utf8).write(to: schemaFile) }
    let schema = updatingDocs ? schemaFile.path : repoRoot.appendingPathComponent("docs/backup.schema.json").path
    return run(pythonWithJSONSchema ?? "python3", ["-c", script, schema, file.path, definition ?? ""])
}

@Suite("Schema checked by an independent validator",
       .enabled(if: pythonWithJSONSchema != nil, "python3 with jsonschema is missing (Debian: apt-get install -y python3-jsonschema)"))
struct SchemaValidatorTests {
    @Test("an exported backup validates against the checked-in schema")
    func exportValidates() throws {
        let preferences = Preferences(stored: ["reader.bionic": "F5", "summary.endpoint": "http://127.0.0.1:11434", "dock.actions": []])
        let result = try validateWithPython(exportedBackup(preferences: preferences))
        #expect(result.status == 0, "jsonschema rejected the export: \(result.output)")
    }

    @Test("a backup with starred articles validates against the checked-in schema, and one with a bad date does not")
    func starredValidates() throws {
        let name = try #require(sampleAccounts.first?.name)
        let result = try validateWithPython(BackupStarredTests.withStarred([name: [BackupStarredTests.article]]))
        #expect(result.status == 0, "jsonschema rejected the starred section: \(result.output)")
        let refused = try validateWithPython(BackupStarredTests.withStarred([name: [BackupStarredTests.article]], member: "published_at", setTo: "yesterday"))
        #expect(refused.status == 1 && refused.output.contains("published_at"), "a bad date must fail the schema: \(refused.output)")
    }

    @Test("a backup with an invalid setting value fails the schema too")
    func schemaRejectsBadValue() throws {
        let result = try validateWithPython(mutatedBackup { set("comic", at: ["settings", "reader", "font"], in: &$0) })
        #expect(result.status == 1 && result.output.contains("settings/reader/font"), "jsonschema should reject font 'comic': \(result.output)")
        let missing = try validateWithPython(mutatedBackup { set(nil, at: ["settings", "sync", "interval"], in: &$0) })
        #expect(missing.status == 1, "a backup missing a setting must fail the schema: \(missing.output)")
        let secret = try validateWithPython(mutatedBackup { root in
            guard case .array(var accounts) = root["accounts"], case .object(var first) = accounts[0] else { return }
            first["password"] = "x"
            accounts[0] = .object(first)
            root["accounts"] = .array(accounts)
        })
        #expect(secret.status == 1, "the schema has no place for a password: \(secret.output)")
    }

    @Test("every shipped profile and the documented example validate against the schema")
    func profilesValidate() throws {
        let directory = repoRoot.appendingPathComponent("profiles")
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let result = try validateWithPython(try Data(contentsOf: directory.appendingPathComponent(name)), definition: "profile")
            #expect(result.status == 0, "\(name) fails the profile schema: \(result.output)")
        }
        let example = try validateWithPython(BackupExample.document.encoded())
        #expect(example.status == 0, "the documented example fails the schema: \(example.output)")
    }
}
