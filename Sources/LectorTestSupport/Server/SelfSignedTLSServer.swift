import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real TLS server on loopback whose certificate no client trusts: `openssl s_server` with a
/// certificate made for it, so a client's certificate check fails (libcurl's error 60) after a
/// complete TLS handshake. Nil from `start()` when no `openssl` can be run here.
public final class SelfSignedTLSServer: Sendable {
    public let port: UInt16
    private let process: Process
    private let directory: URL

    private init(port: UInt16, process: Process, directory: URL) {
        self.port = port
        self.process = process
        self.directory = directory
    }

    deinit {
        // s_server ignores SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The https address of `path` on this server.
    public func url(_ path: String) -> URL { URL(string: "https://127.0.0.1:\(port)\(path)")! }

    public static var openSSL: String? {
        ["/usr/bin/openssl", "/bin/openssl", "/usr/local/bin/openssl"].first(where: FileManager.default.isExecutableFile(atPath:))
    }

    public static func start() throws -> SelfSignedTLSServer? {
        guard let openSSL else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-tls-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let key = directory.appendingPathComponent("key.pem").path, certificate = directory.appendingPathComponent("cert.pem").path
        let made = Process()
        made.executableURL = URL(fileURLWithPath: openSSL)
        made.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-days", "1",
                          "-keyout", key, "-out", certificate]
        made.standardOutput = FileHandle.nullDevice
        made.standardError = FileHandle.nullDevice
        try made.run()
        made.waitUntilExit()
        guard made.terminationStatus == 0 else { return nil }
        // s_server buffers what it prints on a pipe, so the port is chosen here and the server is
        // waited for by connecting, not by reading its "ACCEPT" line.
        let port = try LoopbackPort.free()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: openSSL)
        server.arguments = ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key, "-www", "-quiet"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        server.standardInput = Pipe()
        try server.run()
        let deadline = Date().addingTimeInterval(10)
        while !LoopbackPort.accepts(port) {
            guard server.isRunning, Date() < deadline else {
                kill(server.processIdentifier, SIGKILL)
                return nil
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return SelfSignedTLSServer(port: port, process: server, directory: directory)
    }
}
