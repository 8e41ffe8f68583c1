import FoundationEssentials
import Glibc

/// A file written as `AppDirectories.writePrivately` writes one, a piece at a time: into a
/// private (0600) temporary file beside it, which takes the file's name only once it is whole
/// (and, `durable`, on the disk), so a reader never sees half a file. Memory stays that of one
/// piece, however long the file. The first failure is kept (an errno) and ends the writing.
public final class PrivateFileWriter {
    let path: String
    let temporary: String
    fileprivate(set) var descriptor: Int32
    /// The errno of the first failure; 0 while all is well.
    public private(set) var failure: Int32 = 0

    public init(path: String) {
        self.path = path
        temporary = path + ".tmp-\(getpid())"
        unlink(temporary)
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 { failure = errno }
    }

    /// Appends `data`; false once anything failed.
    @discardableResult
    public func append(_ data: Data) -> Bool {
        guard failure == 0 else { return false }
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += written
            }
        }
        return failure == 0
    }

    /// Closes the file and gives it its name; the errno of the first failure (0: written).
    public func finish(durable: Bool) -> Int32 {
        if descriptor >= 0 {
            if durable && failure == 0 && fsync(descriptor) != 0 { failure = errno }
            if close(descriptor) != 0 && failure == 0 { failure = errno }
            descriptor = -1
            if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        }
        if failure != 0 { unlink(temporary) }
        return failure
    }
}

extension PrivateFileWriter {
    /// Gives up the file: the temporary one goes, whatever `path` held stays.
    public func discard() {
        if descriptor >= 0 { close(descriptor); descriptor = -1 }
        unlink(temporary)
    }
}
