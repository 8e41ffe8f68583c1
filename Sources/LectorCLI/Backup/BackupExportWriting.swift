import FoundationEssentials
import LectorAccounts
import LectorSettings
import LectorStore

/// Where `backup export` writes: a private file a piece at a time as the export is made (so a
/// starred section of any size is never held), or, for standard output, the pieces gathered;
/// the Atom feed of `--starred-atom` beside it. A failed export leaves no file behind.
struct BackupExportWriting {
    /// Nil: standard output.
    let path: String?
    let atomPath: String?

    /// The export, what it wrote for standard output (nil for a file) and the size of the backup.
    func run(_ export: (@escaping ExportSink, ExportSink?) throws(CLIError) -> ExportedBackup) throws(CLIError) -> (ExportedBackup, Data?, Int) {
        let file = path.map(PrivateFileWriter.init(path:)), atom = atomPath.map(PrivateFileWriter.init(path:))
        var gathered = Data()
        var bytes = 0
        let exported: ExportedBackup
        do {
            exported = try export({ data in
                bytes += data.count
                guard let file else { gathered.append(data); return true }
                return file.append(data)
            }, atom.map { writer in { writer.append($0) } })
        } catch {
            file?.discard()
            atom?.discard()
            throw error
        }
        for (writer, target) in [(file, path), (atom, atomPath)] {
            guard let writer, let target else { continue }
            let failure = writer.finish(durable: true)
            if failure != 0 {
                file?.discard()
                atom?.discard()
                throw BackupCommands.writeFailure(target, failure)
            }
        }
        return (exported, file == nil ? gathered : nil, bytes)
    }
}
