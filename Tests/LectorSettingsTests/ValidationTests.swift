import Testing
@testable import LectorSettings

/// The one-line message `settings set KEY VALUE` would print, or nil if the value was accepted.
private func refusal(_ key: String, _ typed: String) -> String? {
    do {
        _ = try SettingsRegistry.require(key).parse(typed)
        return nil
    } catch {
        return error.message
    }
}

private func parsed(_ key: String, _ typed: String) throws -> JSONValue {
    try SettingsRegistry.require(key).parse(typed)
}

@Suite("Validation of typed values")
struct ValidationTests {
    @Test("booleans accept true/false and their common synonyms")
    func booleans() throws {
        for (typed, value) in [("true", true), ("on", true), ("YES", true), ("1", true), ("false", false), ("off", false), ("no", false), ("0", false)] {
            #expect(try parsed("list.hide-read", typed) == .bool(value), "'\(typed)' should mean \(value)")
        }
        #expect(refusal("list.hide-read", "ture") == "list.hide-read: 'ture' is not a boolean; use true or false; did you mean 'true'?")
        #expect(refusal("list.hide-read", "maybe") == "list.hide-read: 'maybe' is not a boolean; use true or false")
    }

    @Test("integers must be whole numbers inside the range; the nearest bound is suggested")
    func integers() throws {
        #expect(try parsed("sync.interval", "60") == .int(60), "60 minutes is allowed")
        #expect(try parsed("sync.interval", " 15 ") == .int(15), "the floor itself is allowed; spaces are trimmed")
        #expect(refusal("sync.interval", "10") == "sync.interval: 10 is outside 15…1440 minutes; did you mean 15?")
        #expect(refusal("sync.interval", "5000") == "sync.interval: 5000 is outside 15…1440 minutes; did you mean 1440?")
        #expect(refusal("sync.interval", "half") == "sync.interval: 'half' is not a whole number; allowed 15…1440 minutes")
        #expect(refusal("list.preview-length", "2.5") != nil, "fractions are not whole numbers")
    }

    @Test("enums accept listed names in any case, and suggest the nearest otherwise")
    func enums() throws {
        #expect(try parsed("reader.bionic", "f2") == "F2", "case is forgiven and the canonical spelling stored")
        #expect(try parsed("appearance.theme", "midnight-dark") == "midnight-dark", "midnight-dark is a theme")
        #expect(refusal("reader.font", "comic") == "reader.font: 'comic' is not one of system, news, classic, sans")
        #expect(refusal("reader.font", "clasic") == "reader.font: 'clasic' is not one of system, news, classic, sans; did you mean 'classic'?")
        #expect(refusal("appearance.theme", "midnight")?.hasSuffix("did you mean 'midnight-dark'?") == true, "a unique prefix is completed")
        #expect(refusal("reader.bionic", "F6")?.hasPrefix("reader.bionic: 'F6' is not one of off, F1, F2, F3, F4, F5") == true, "bionic modes are F1 to F5")
    }

    @Test("strings respect their length limits and never echo long text")
    func strings() throws {
        #expect(try parsed("summary.model", "") == "", "an empty model means the provider default")
        #expect(try parsed("summary.model", "llama3.1:8b") == "llama3.1:8b", "a model name")
        #expect(refusal("summary.prompt", "") == "summary.prompt: must not be empty")
        let long = String(repeating: "x", count: 4001)
        #expect(refusal("summary.prompt", long) == "summary.prompt: is 4001 characters long; at most 4000 are allowed")
    }

    @Test("URLs must be http(s), may be empty, and may not carry credentials")
    func urls() throws {
        #expect(try parsed("summary.endpoint", "http://127.0.0.1:11434") == "http://127.0.0.1:11434", "an Ollama endpoint")
        #expect(try parsed("summary.endpoint", "") == "", "empty means the standard endpoint")
        #expect(refusal("summary.endpoint", "ftp://example.org")?.hasPrefix("summary.endpoint: not an http or https URL") == true)
        let withSecret = refusal("summary.endpoint", "https://bob:hunter2@example.org")
        #expect(withSecret?.contains("must not contain a user name or password") == true, "credentials are refused")
        #expect(withSecret?.contains("hunter2") == false, "the secret must not be echoed")
    }

    @Test("action lists accept comma or space separated known actions; none empties the list")
    func actionLists() throws {
        #expect(try parsed("swipe.leading", "toggle-read, share") == ["toggle-read", "share"], "comma separated")
        #expect(try parsed("swipe.trailing", "toggle-star reading-list") == ["toggle-star", "reading-list"], "space separated")
        #expect(try parsed("swipe.leading", "none") == [], "none empties the list")
        #expect(refusal("swipe.leading", "toggle-read,shar") == "swipe.leading: 'shar' is not a swipe action (known: toggle-read, toggle-star, reading-list, open-in-browser, share); did you mean 'share'?")
        #expect(refusal("swipe.leading", "share share") == "swipe.leading: 'share' appears more than once")
        #expect(refusal("swipe.leading", "share toggle-read toggle-star") == "swipe.leading: 3 actions given; at most 2 fit")
        #expect(refusal("swipe.leading", "summary")?.contains("is not a swipe action") == true, "summary is a dock action only")
    }

    @Test("unknown keys are refused with the nearest key suggested")
    func unknownKeys() {
        #expect(refusal("reader.fnt", "news") == "unknown setting 'reader.fnt'; did you mean 'reader.font'?")
        #expect(refusal("sync.intervall", "30") == "unknown setting 'sync.intervall'; did you mean 'sync.interval'?")
        #expect(refusal("zzz", "1") == "unknown setting 'zzz'", "nothing close: no suggestion")
    }

    @Test("JSON values of the wrong type are refused with the expected type named")
    func wrongJSONTypes() throws {
        let interval = try SettingsRegistry.require("sync.interval")
        #expect(throws: SettingsError.invalidValue(key: "sync.interval", problem: "expected a whole number (15…1440 minutes), found a string")) {
            try interval.validate("30")
        }
        #expect(try interval.validate(.double(30)) == .int(30), "30.0 is a whole number, as JSON Schema counts it")
        #expect(throws: SettingsError.self) { try SettingsRegistry.require("list.hide-read").validate(1) }
        #expect(throws: SettingsError.self) { try SettingsRegistry.require("dock.actions").validate(["share", 3]) }
    }

    @Test("edit distance and suggestions behave")
    func nearestMatch() {
        #expect(NearestMatch.distance("kitten", "sitting") == 3, "classic Levenshtein example")
        #expect(NearestMatch.distance("", "abc") == 3, "distance from empty")
        #expect(NearestMatch.best(for: "SANS", among: ["system", "sans"]) == "sans", "case-insensitive")
        #expect(NearestMatch.best(for: "", among: ["a"]) == nil, "nothing typed, nothing suggested")
    }

    @Test("a word that is one part of a name, or close to one, suggests the whole name when only one has it")
    func nearestMatchByPart() {
        let keys = SettingsRegistry.declarations.map(\.key)
        #expect(NearestMatch.best(for: "bionic", among: keys) == "reader.bionic", "a key's last part names it")
        #expect(NearestMatch.best(for: "theme", among: keys) == "appearance.theme")
        #expect(NearestMatch.best(for: "newst", among: ["newest-first", "oldest-first"]) == "newest-first", "a part mistyped")
        #expect(NearestMatch.best(for: "list", among: keys) == nil, "a part many keys share suggests none of them")
        #expect(NearestMatch.best(for: "zzzz", among: keys) == nil, "nothing near, nothing suggested")
        let swipe = ["toggle-read", "toggle-star", "reading-list", "open-in-browser", "share"]
        #expect(NearestMatch.best(for: "star", among: swipe) == "toggle-star", "a part spelled exactly beats 'share', two edits away")
        #expect(NearestMatch.best(for: "read", among: swipe) == "toggle-read", "a part spelled exactly beats the prefix of reading-list")
        #expect(NearestMatch.best(for: "shar", among: swipe) == "share", "a plain typo still finds the whole name")
        #expect(refusal("list.sort", "newst") == "list.sort: 'newst' is not one of newest-first, oldest-first; did you mean 'newest-first'?")
    }
}
