import Foundation
import LectorStore

/// Short numbers for the articles of the last list, so `article read 3` works right after
/// `article list`, in the REPL and between one-shot commands alike: the last list shown is kept
/// in the state directory. `id:N` always names an article by its local id.
struct ArticleHandles {
    private let file: String

    init(directories: AppDirectories) {
        file = directories.state + "/last-list"
    }

    /// Remembers a list: handle 1 is the first article shown.
    func remember(_ articleIDs: [Int64]) {
        try? AppDirectories.ensureDirectory((file as NSString).deletingLastPathComponent)
        try? AppDirectories.ensurePrivateFile(file)
        try? articleIDs.map(String.init).joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// The ids of the last list, handle 1 first.
    var ids: [Int64] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int64($0) }
    }

    /// The local id a reference names.
    func resolve(_ reference: String) throws(CLIError) -> Int64 {
        if reference.hasPrefix("id:"), let id = Int64(reference.dropFirst(3)) { return id }
        guard let handle = Int(reference), handle > 0 else {
            throw .usage("'\(reference)' is not an article reference: use a number from the last 'article list' or id:N")
        }
        let ids = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int64($0) }
        guard handle <= ids.count else {
            throw .notFound("no article \(handle) in the last list (it had \(ids.count)); run 'article list' again or use id:N")
        }
        return ids[handle - 1]
    }
}
