import FoundationEssentials
import Glibc
import LectorStore

/// Short numbers for the articles of the last list, so `article read 3` works right after
/// `article list`, in the REPL and between one-shot commands alike: the last list shown is kept
/// in the state directory. `id:N` always names an article by its local id.
struct ArticleHandles {
    private let file: String

    init(directories: AppDirectories) {
        file = directories.state + "/last-list"
    }

    /// Remembers a list: handle 1 is the first article shown. When the list cannot be written
    /// (a full disk, a read-only state folder), the previous one is removed rather than left in
    /// place: `article read 3` must say "no article 3", never open (and mark read) the third
    /// article of an older list. The list itself is still shown, so this is not an error.
    func remember(_ articleIDs: [Int64]) {
        do {
            try AppDirectories.ensureDirectory(URL(fileURLWithPath: file).deletingLastPathComponent().path, lectorsOwn: true)
            try AppDirectories.writePrivateFile(Data(articleIDs.map(String.init).joined(separator: "\n").utf8), to: file)
        } catch {
            unlink(file)
        }
    }

    /// The ids of the last list, in order. No file (never listed, or the last list could not be
    /// saved) means an empty list.
    var ids: [Int64] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int64($0) }
    }

    /// The local ids some references name, in order: each a reference as `resolve` takes, or
    /// numbers of the last list as a range (`1-20`) or a comma list (`1,3,5`, `1-3,7`), as
    /// newsboat and gh take them. A range that runs past the end of the list names the articles
    /// that are there ("mark the first twenty" of a list of six marks six), and a note on stderr
    /// says which numbers named none; a range or number with no article at all is an error.
    func resolveAll(_ references: [String]) throws(CLIError) -> [Int64] {
        let (resolved, beyond) = try resolveAllNamingOmissions(references)
        if !beyond.isEmpty {
            Console.note("no article \(beyond.joined(separator: ", ")) in the last list (it had \(ids.count)): left out")
        }
        return resolved
    }

    /// `resolveAll`'s ids, and the parts of ranges past the end of the last list ("7-20").
    func resolveAllNamingOmissions(_ references: [String]) throws(CLIError) -> (ids: [Int64], beyond: [String]) {
        var resolved: [Int64] = [], beyond: [String] = []
        for reference in references.flatMap({ $0.split(separator: ",").map(String.init) }) {
            let bounds = reference.split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]) else {
                resolved.append(try resolve(reference))
                continue
            }
            guard first >= 1, first <= last else {
                throw .usage("'\(reference)' is not a range of article numbers: use FIRST-LAST with FIRST from 1 and not above LAST")
            }
            let ids = self.ids
            guard first <= ids.count else {
                throw .notFound("no article \(first) in the last list (it had \(ids.count)); run 'article list' again or use id:N")
            }
            resolved += ids[(first - 1)...(min(last, ids.count) - 1)]
            if last > ids.count { beyond.append(last == ids.count + 1 ? String(last) : "\(ids.count + 1)-\(last)") }
        }
        return (resolved, beyond)
    }

    /// The local id a reference names.
    func resolve(_ reference: String) throws(CLIError) -> Int64 {
        if reference.hasPrefix("id:"), let id = Int64(reference.dropFirst(3)) { return id }
        guard let handle = Int(reference), handle > 0 else {
            throw .usage("'\(reference)' is not an article reference: use a number from the last 'article list' or id:N")
        }
        let ids = self.ids
        guard handle <= ids.count else {
            throw .notFound("no article \(handle) in the last list (it had \(ids.count)); run 'article list' again or use id:N")
        }
        return ids[handle - 1]
    }
}
