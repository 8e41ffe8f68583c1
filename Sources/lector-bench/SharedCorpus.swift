import Foundation

/// The shared directory (LECTOR_SHARED, default `../shared` from the working directory) and the
/// synthetic corpus its generator writes.
enum SharedCorpus {
    /// The shared directory, whether or not it exists.
    static var root: String {
        if let value = ProcessInfo.processInfo.environment["LECTOR_SHARED"], !value.isEmpty { return value }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent()
            .appendingPathComponent("shared").path
    }

    static var generator: String { root + "/bench/gen_corpus.py" }

    /// The generated corpus: `--corpus DIR` when given and already generated, else generated once
    /// (default arguments, so the figures compare with the shared reference table) into a
    /// directory that later runs reuse.
    static func generated(_ options: BenchOptions) throws -> String {
        let directory = options.string("corpus", default: NSTemporaryDirectory() + "lector-bench-corpus")
        if FileManager.default.fileExists(atPath: directory + "/manifest.json") { return directory }
        guard FileManager.default.fileExists(atPath: generator) else {
            throw BenchError.skipped("no corpus generator at \(generator) (set LECTOR_SHARED)")
        }
        let started = Date()
        try ProcessTimer.runChecked(["/usr/bin/env", "python3", generator, directory])
        print(String(format: "corpus: generated into %@ in %.1f s", directory, Date().timeIntervalSince(started)))
        return directory
    }

    /// Regular files of `directory` with one of `extensions`, sorted by name.
    static func files(in directory: String, extensions: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .sorted().map { directory + "/" + $0 }
    }
}
