import Foundation
import LectorTestSupport

/// The pid of the running nginx master, for the signal handler: it must stop nginx even when the
/// benchmark is interrupted. Written only on the main thread before the handler can fire.
nonisolated(unsafe) private var runningNginxPID: pid_t = 0

/// A private nginx serving a directory on a free loopback port: its own config, pid file and
/// error log in a temporary directory, no access log, real ETag and Last-Modified headers.
/// Runs in the foreground (`daemon off`) as our child, so we know exactly which process to stop.
final class NginxServer {
    let port: UInt16
    let directory: String
    private var pid: pid_t = 0

    /// Starts nginx with `root` as its document root and waits until it accepts connections.
    init(root: String) throws {
        guard let nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw BenchError.skipped("nginx is not installed (apt-get install nginx-light)")
        }
        port = try LoopbackPort.free()
        directory = try TemporaryDirectory.make("nginx")
        let config = """
            \(geteuid() == 0 ? "user root;" : "")
            worker_processes 1;
            daemon off;
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log warn;
            events { worker_connections 256; }
            http {
                access_log off;
                default_type application/xml;
                sendfile on;
                etag on;
                client_body_temp_path \(directory)/body;
                proxy_temp_path \(directory)/proxy;
                fastcgi_temp_path \(directory)/fastcgi;
                uwsgi_temp_path \(directory)/uwsgi;
                scgi_temp_path \(directory)/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root);
                }
            }
            """
        try config.write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
        pid = try ProcessTimer.start([nginx, "-p", directory, "-e", directory + "/error.log", "-c", directory + "/nginx.conf"],
                                     environment: ["PATH": "/usr/sbin:/usr/bin:/bin"])
        runningNginxPID = pid
        signal(SIGINT) { _ in NginxServer.emergencyStop(130) }
        signal(SIGTERM) { _ in NginxServer.emergencyStop(143) }
        for _ in 0..<100 where !LoopbackPort.accepts(port) {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                pid = 0
                runningNginxPID = 0
                let log = (try? String(contentsOfFile: directory + "/error.log", encoding: .utf8)) ?? ""
                throw BenchError.check("nginx exited at start: \(log.suffix(400))")
            }
            usleep(50_000)
        }
        guard LoopbackPort.accepts(port) else {
            stop()
            throw BenchError.check("nginx did not listen on 127.0.0.1:\(port) within 5 s")
        }
    }

    /// The URL of a path under the root.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Stops nginx (fast shutdown: SIGTERM to the master, which stops its worker) and removes its directory.
    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
        runningNginxPID = 0
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        try? FileManager.default.removeItem(atPath: directory)
    }

    deinit { stop() }

    private static func emergencyStop(_ code: Int32) {
        if runningNginxPID > 0 { kill(runningNginxPID, SIGTERM) }
        _exit(code)
    }
}
