import Foundation
import LectorBasics
import LectorSync
import Testing

/// Issue 40: a new service touches its own folder plus one registry line. Counted from the
/// source (product code: Sources/ minus the test support, the bench and the probes; code: the
/// text with comments and string literals taken out). LECTOR_SERVICE_SOURCES names another
/// Sources/ folder to count instead (an older tree, to see the rule fail there).
@Suite("A service lives in its own folder")
struct ServiceFolderTests {
    static let sources: URL = ProcessInfo.processInfo.environment["LECTOR_SERVICE_SOURCES"].map(URL.init(fileURLWithPath:))
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
    static let notProduct: Set<String> = ["LectorTestSupport", "lector-bench", "http-probe", "keyring-probe"]
    /// The two places every kind is listed: its stored raw value, and the registry's line.
    static let kindList = "LectorBasics/AccountKind.swift"
    static let registry = "LectorSync/Services/AccountServices.swift"

    /// Product files by path under Sources/, as code.
    static func productCode() throws -> [String: String] {
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.path.dropFirst(sources.path.count + 1))
            guard let module = relative.split(separator: "/").first, !notProduct.contains(String(module)) else { continue }
            files[relative] = code(try String(contentsOf: url, encoding: .utf8))
        }
        return files
    }

    /// `text` without comments and string literals, line breaks kept.
    static func code(_ text: String) -> String {
        var out = "", chars = Array(text), i = 0
        func starts(_ s: String) -> Bool { chars[i...].starts(with: Array(s)) }
        while i < chars.count {
            if starts("//") {
                while i < chars.count && chars[i] != "\n" { i += 1 }
            } else if starts("/*") {
                i += 2
                while i < chars.count && !starts("*/") { if chars[i] == "\n" { out.append("\n") }; i += 1 }
                i += 2
            } else if starts("\"\"\"") {
                i += 3
                while i < chars.count && !starts("\"\"\"") { if chars[i] == "\n" { out.append("\n") }; i += 1 }
                i += 3
                out += "\"\""
            } else if chars[i] == "\"" {
                i += 1
                while i < chars.count && chars[i] != "\"" && chars[i] != "\n" { i += chars[i] == "\\" ? 2 : 1 }
                i += 1
                out += "\"\""
            } else {
                out.append(chars[i])
                i += 1
            }
        }
        return out
    }

    /// The folders of LectorSync that hold a service descriptor (`*Service.swift` declaring an `AccountService`).
    static func serviceFolders(_ files: [String: String]) -> Set<String> {
        Set(files.filter { $0.key.hasPrefix("LectorSync/") && $0.key.hasSuffix("Service.swift")
            && $0.value.range(of: #":\s*AccountService\b"#, options: .regularExpression) != nil }
            .map { ($0.key as NSString).deletingLastPathComponent })
    }

    /// Whether `code` names a remote service: its kind's case, or a type named after it.
    static func namesAService(_ code: String) -> Bool {
        code.range(of: #"(?<![/~])\.(freshrss|miniflux|fever|feedbin|ttrss)\b(?!\s*\()|\b(Miniflux|GReader|FreshRSS|Fever|Feedbin|TTRSS)\w*"#,
                   options: .regularExpression) != nil
    }

    @Test("outside the service folders, only the kind list and the registry name a service")
    func servicesStayInTheirFolders() throws {
        let files = try Self.productCode()
        let folders = Self.serviceFolders(files)
        #expect(folders.count >= AccountKind.allCases.count - 1, "no descriptor folders found: \(folders.sorted())")
        let outside = files.filter { path, _ in !folders.contains { path.hasPrefix($0 + "/") } }
        let naming = Set(outside.filter { Self.namesAService($0.value) }.keys)
        #expect(naming == [Self.kindList, Self.registry],
                "generic code names a service: \(naming.subtracting([Self.kindList, Self.registry]).sorted())")
    }

    /// The types a service folder declares (its provider, client, wire types, descriptor).
    static func declaredTypes(in folder: String, _ files: [String: String]) -> Set<String> {
        var names: Set<String> = []
        for (path, code) in files where path.hasPrefix(folder + "/") {
            // Top-level declarations only: a nested `Keys` or `Subscription` is the folder's own word.
            for match in code.matches(of: /(?m)^(?:(?:public|internal|fileprivate|private|final)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)/) {
                names.insert(String(match.output.1))
            }
        }
        return names
    }

    @Test("what a service must provide outside its folder: its kind's case and one registry line — each service, TT-RSS the latest")
    func eachServiceTouchesItsFolderAndOneRegistryLine() throws {
        let files = try Self.productCode()
        let folders = Self.serviceFolders(files)
        for kind in AccountKind.allCases where kind.hasServer {
            let type = String(describing: Swift.type(of: kind.service))
            guard let folder = folders.first(where: { files[$0 + "/" + type + ".swift"] != nil }) else {
                Issue.record("\(kind): no service folder holds \(type)")
                continue
            }
            let names = Self.declaredTypes(in: folder, files)
            // Its kind's case (`.ttrss`), a name made of it (`freshRSSNamespace`), or a type its
            // folder declares (`TTRSSProvider`, `GReaderSession`).
            let naming = #"(?<![/~])\."# + kind.rawValue + #"\b(?!\s*\()|(?i:\b\w*"# + kind.rawValue + #"\w*\b)|\b(?:"#
                + names.sorted().joined(separator: "|") + #")\b"#
            let regex = try NSRegularExpression(pattern: naming)
            let namesIt = { (line: Substring) in
                let text = String(line)
                return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
            // Generic code: outside every service folder (one service's folder may lean on another's,
            // FreshRSS's Fever API on its Google Reader escaping; adding a service never touches them).
            var outside: [String: [Substring]] = [:]
            for (path, code) in files where !folders.contains(where: { path.hasPrefix($0 + "/") }) {
                let lines = code.split(separator: "\n").filter(namesIt)
                if !lines.isEmpty { outside[path] = lines }
            }
            #expect(Set(outside.keys).isSubset(of: [Self.kindList, Self.registry]),
                    "\(kind) (\(folder)) is named outside its folder in \(outside.keys.sorted()): \(outside.filter { $0.key != Self.kindList && $0.key != Self.registry })")
            #expect(outside[Self.registry]?.count == 1, "\(kind): the registry should name it on one line: \(outside[Self.registry] ?? [])")
        }
    }

    @Test("the registry holds the only exhaustive switch over the kinds, one line a kind, each a descriptor in its own folder")
    func oneRegistry() throws {
        let files = try Self.productCode()
        var switches: [String] = []
        let kinds = AccountKind.allCases.map(\.rawValue)
        for (path, code) in files {
            var rest = code[...]
            while let found = rest.range(of: #"\bswitch\b[^{\n]*\{"#, options: .regularExpression) {
                var depth = 1, end = found.upperBound
                while end < rest.endIndex && depth > 0 {
                    if rest[end] == "{" { depth += 1 } else if rest[end] == "}" { depth -= 1 }
                    end = rest.index(after: end)
                }
                let body = rest[found.upperBound..<end]
                let named = kinds.filter { body.range(of: #"case[^:\n]*\."# + $0 + #"\b(?!\s*\()"#, options: .regularExpression) != nil }
                if named.count >= 2 && body.range(of: #"\bdefault\s*:"#, options: .regularExpression) == nil { switches.append(path) }
                rest = rest[found.upperBound...]
            }
        }
        #expect(switches == [Self.registry], "exhaustive switches over AccountKind: \(switches.sorted())")

        let folders = Self.serviceFolders(files)
        for kind in AccountKind.allCases {
            let service = kind.service
            #expect(service.kind == kind, "the registry gives \(kind) the descriptor of \(service.kind)")
            let type = String(describing: Swift.type(of: service))
            let home = files.first { $0.value.range(of: #"struct\s+"# + type + #"\s*:\s*AccountService\b"#, options: .regularExpression) != nil }?.key
            #expect(home.map { folders.contains(($0 as NSString).deletingLastPathComponent) && $0.hasSuffix("/\(type).swift") } == true,
                    "\(type) is not declared in its own service folder (\(home ?? "nowhere"))")
            let line = files[Self.registry]?.split(separator: "\n").filter { $0.contains("case .\(kind.rawValue):") } ?? []
            #expect(line.count == 1 && line[0].contains(type), "the registry's line for \(kind): \(line)")
        }
    }
}
