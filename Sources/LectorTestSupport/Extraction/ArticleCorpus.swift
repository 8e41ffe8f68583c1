import Foundation

/// The shared `corpus/articles` pages (gzipped HTML with a person's article body), read for the
/// extraction benchmark and its corpus test.
public struct ArticleCorpus: Sendable {
    public struct Page: Sendable {
        public let id: String
        public let url: URL
        public let html: Data
        public let articleBody: String
        /// A fixed quarter of the pages (ids starting 0–3) kept out of rule development, so the
        /// figures on them show whether the rules generalise.
        public var isHeldOut: Bool { id.first.map { "0123".contains($0) } ?? false }
    }

    public enum LoadError: Error, CustomStringConvertible {
        case missing(String)
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing(let path): "no article corpus at \(path) (set LECTOR_SHARED)"
            case .unreadable(let detail): "the article corpus could not be read: \(detail)"
            }
        }
    }

    /// All pages under `directory` (the corpus folder holding ground-truth.json and html/).
    public static func load(from directory: String) throws -> [Page] {
        let truthPath = directory + "/ground-truth.json"
        guard let data = FileManager.default.contents(atPath: truthPath) else { throw LoadError.missing(directory) }
        guard let truth = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]] else {
            throw LoadError.unreadable("ground-truth.json is not an object of pages")
        }
        return try truth.keys.sorted().compactMap { id in
            guard let body = truth[id]?["articleBody"] as? String,
                  let url = (truth[id]?["url"] as? String).flatMap(URL.init(string:)) else { return nil }
            let html = try gunzip(directory + "/html/\(id).html.gz")
            return Page(id: id, url: url, html: html, articleBody: body)
        }
    }

    /// The pages are stored gzipped; Foundation on Linux has no inflate, so gzip(1) does it.
    private static func gunzip(_ path: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { throw LoadError.unreadable("gzip could not start: \(error)") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw LoadError.unreadable("gzip failed on \(path)") }
        return output
    }
}
