import Foundation
import HubTestPostgres

/// The servers `hub serve` is compared with, each a child process on loopback, on the server
/// core of ``CorePinning``.
enum PeerServers {
    /// Node's `http` server building the rows view's JSON on every request
    /// (Scripts/peers/rows-server.js, `rows` rows); nil when `node` is not installed.
    static func node(rows: Int) throws -> ServerProcess? {
        guard let node = ChildProcess.find("node") else { return nil }
        let script = FileManager.default.currentDirectoryPath + "/Scripts/peers/rows-server.js"
        let pinning = CorePinning.current
        let (program, arguments) = pinning.command(node, [script, String(rows), "0"], on: pinning.server)
        return try ServerProcess(program, arguments, announcement: /listening on (\d+)\n/, announcedOnStandardError: false)
    }

    /// nginx (Debian's `nginx-light`, one worker process) serving `bytes` as the static file
    /// `/view.json` (`application/json`), from a configuration made in `folder`; nil when nginx
    /// is not installed.
    static func nginx(serving bytes: [UInt8], in folder: URL) throws -> ServerProcess? {
        let nginx = "/usr/sbin/nginx"
        guard FileManager.default.isExecutableFile(atPath: nginx) else { return nil }
        let root = folder.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(bytes).write(to: root.appendingPathComponent("view.json"))
        let port = try FreePort.pick()
        // Keep-alive connections are never closed by count (hub serve does not close them
        // either); no access log, as hub serve logs nothing below errors here.
        let configuration = """
            daemon off;
            worker_processes 1;
            error_log \(folder.path)/error.log error;
            pid \(folder.path)/nginx.pid;
            events { worker_connections 1024; }
            http {
                access_log off;
                sendfile on;
                tcp_nodelay on;
                keepalive_requests 1000000;
                types { application/json json; }
                server {
                    listen 127.0.0.1:\(port);
                    root \(root.path);
                }
            }
            """
        let file = folder.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        let pinning = CorePinning.current
        let (program, arguments) = pinning.command(nginx, ["-p", folder.path, "-c", file.path], on: pinning.server)
        return try ServerProcess(program, arguments, port: port)
    }
}
