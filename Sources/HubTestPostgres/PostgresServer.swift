import Foundation
import Synchronization

/// A real PostgreSQL server for tests and benchmarks: a cluster of its own in a temporary folder
/// (Debian's `initdb` and `pg_ctl`, run as the `postgres` system user when this process is
/// root), reached on 127.0.0.1 at a free port with trust authentication (loopback and the
/// folder's unix socket only), holding a database `hub`.
///
/// ```swift
/// let server = try PostgresServer.started()
/// let store = try PostgresStore(url: server.url)
/// ```
///
/// `stop()` and `start()` take the server down and bring it back on the same port with the same
/// data (outage tests); `shutdown()`, or releasing the server, removes everything. A server
/// never outlives the process that started it, even one that crashes, unless it was made to
/// (`keepRunningAfterExit`, for a script that starts a server with one command and stops it
/// with another: ``shutdown(folder:)``).
public final class PostgresServer: Sendable {
    private struct State {
        var port: Int
        /// The folder holding everything: `data/` (the cluster), `server.log`, the unix socket.
        var folder: URL?
        var running = false
        var watchdog: pid_t?
        var removed = false
    }

    private static let numbers = Atomic<Int>(0)

    /// The name of the database `start()` creates.
    public static let database = "hub"

    private let installation: PostgresInstallation
    private let number: Int
    private let keepRunningAfterExit: Bool
    private let state: Mutex<State>

    /// Finds PostgreSQL and picks a free port; starts nothing (see ``start()``).
    ///
    /// - Parameter keepRunningAfterExit: false (the default): the server stops and its folder is
    ///   removed when this process ends or releases the server. True: it runs on until
    ///   ``shutdown()`` or ``shutdown(folder:)``.
    /// - Throws: ``PostgresServerError`` when PostgreSQL is not installed (install Debian's
    ///   `postgresql`: `Scripts/bootstrap` does) or, as root, when there is no `postgres` user.
    public init(keepRunningAfterExit: Bool = false) throws {
        installation = try PostgresInstallation.find()
        number = Self.numbers.add(1, ordering: .relaxed).newValue
        self.keepRunningAfterExit = keepRunningAfterExit
        state = Mutex(State(port: try FreePort.pick()))
    }

    /// A server made and started: ``init(keepRunningAfterExit:)`` then ``start()``.
    public static func started(keepRunningAfterExit: Bool = false) throws -> PostgresServer {
        let server = try PostgresServer(keepRunningAfterExit: keepRunningAfterExit)
        try server.start()
        return server
    }

    deinit {
        if !keepRunningAfterExit { shutdown() }
    }

    /// Stops at once the server whose ``folder`` is `folder` (one another process left
    /// running) and removes the folder.
    public static func shutdown(folder: URL) throws {
        let installation = try PostgresInstallation.find()
        let data = folder.appendingPathComponent("data").path
        if FileManager.default.fileExists(atPath: data + "/postmaster.pid") {
            _ = try Command.run(
                installation.asServerUser([installation.program("pg_ctl"), "stop", "-D", data, "-m", "immediate", "-w", "-s"]),
                in: URL(fileURLWithPath: "/"))
        }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            throw PostgresServerError("cannot remove \(folder.path): \(error)")
        }
    }

    /// The port the server listens on, on 127.0.0.1.
    public var port: Int { state.withLock { $0.port } }

    /// `postgres://postgres@127.0.0.1:PORT/hub`: the database `hub` as the `postgres` superuser.
    public var url: String { url(database: Self.database) }

    /// The URL of `database` on this server, as the `postgres` superuser.
    public func url(database: String) -> String {
        "postgres://postgres@127.0.0.1:\(port)/\(database)"
    }

    /// Whether the server is running.
    public var isRunning: Bool { state.withLock { $0.running } }

    /// The folder holding the cluster (`data/`), the server's log (`server.log`) and its unix
    /// socket; nil before the first start and after ``shutdown()``.
    public var folder: URL? { state.withLock { $0.folder } }

    /// Starts the server. The first time: makes the folder and the cluster, starts the server
    /// (waiting until it accepts connections) and creates the database `hub`. Later (after
    /// ``stop()``): starts it again on the same port with the same data. Does nothing while it
    /// runs.
    public func start() throws {
        try state.withLock { state in
            guard !state.removed else { throw PostgresServerError("the server was shut down") }
            guard !state.running else { return }
            if let folder = state.folder {
                try startServer(folder: folder, port: state.port)
            } else {
                try create(&state)
            }
            state.running = true
            if !keepRunningAfterExit { ServerCleanup.record(number, postmaster: postmasterPID(folder: state.folder)) }
        }
    }

    /// Stops the server with a fast shutdown (sessions are ended, committed data kept), waiting
    /// until it is down. Does nothing while it is stopped.
    public func stop() throws {
        try state.withLock { state in
            guard state.running, let folder = state.folder else { return }
            let outcome = try Command.run(
                installation.asServerUser([installation.program("pg_ctl"), "stop", "-D", dataDirectory(folder), "-m", "fast", "-w", "-t", "60", "-s"]),
                in: folder)
            guard outcome.status == 0 else { throw PostgresServerError("pg_ctl stop failed: \(outcome.output)") }
            state.running = false
            ServerCleanup.record(number, postmaster: nil)
        }
    }

    /// Stops the server if it runs, then starts it again on the same port with the same data.
    public func restart() throws {
        try stop()
        try start()
    }

    /// Stops the server at once and removes its folder; the server cannot start again. Releasing
    /// the server does the same.
    public func shutdown() {
        state.withLock { state in
            guard !state.removed else { return }
            state.removed = true
            if let watchdog = state.watchdog {
                kill(watchdog, SIGKILL)
                Command.wait(for: watchdog)
            }
            guard let folder = state.folder else { return }
            if state.running {
                _ = try? Command.run(
                    installation.asServerUser([installation.program("pg_ctl"), "stop", "-D", dataDirectory(folder), "-m", "immediate", "-w", "-s"]),
                    in: URL(fileURLWithPath: "/"))
                state.running = false
            }
            ServerCleanup.record(number, postmaster: nil)
            try? FileManager.default.removeItem(at: folder)
            state.folder = nil
        }
    }

    /// Creates the database `name` (owned by `postgres`) and returns its URL.
    @discardableResult
    public func createDatabase(_ name: String) throws -> String {
        _ = try psql("CREATE DATABASE \(quotedIdentifier(name))", database: "postgres")
        return url(database: name)
    }

    /// Runs `sql` with `psql` in `database` (`hub` unless told) as the `postgres` superuser and
    /// returns what it printed: unaligned rows, one a line, fields separated by `|`, no headers.
    /// Throws with psql's message when the SQL fails.
    @discardableResult
    public func psql(_ sql: String, database: String = PostgresServer.database) throws -> String {
        let port = self.port
        let outcome = try Command.run(
            [installation.program("psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
             "-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", database, "-c", sql],
            in: URL(fileURLWithPath: "/"),
            environment: ["PGCONNECT_TIMEOUT": "5"])
        guard outcome.status == 0 else { throw PostgresServerError("psql failed (\(sql)): \(outcome.output)") }
        return outcome.output
    }

    // MARK: - Making the cluster

    private func create(_ state: inout State) throws {
        let folder = try makeFolder()
        state.folder = folder
        try installation.handOver(folder.path)
        if !keepRunningAfterExit {
            state.watchdog = try ServerCleanup.startWatchdog(installation: installation, dataDirectory: dataDirectory(folder), folder: folder)
        }

        let initdb = try Command.run(
            installation.asServerUser([
                installation.program("initdb"), "-D", dataDirectory(folder), "-U", "postgres", "-A", "trust",
                "-E", "UTF8", "--locale=C", "--no-sync",
            ]),
            in: folder)
        guard initdb.status == 0 else { throw PostgresServerError("initdb failed: \(initdb.output)") }
        try configure(folder: folder)

        // The port was free when picked; another process may have taken it since.
        var attempts = 0
        while true {
            try setPort(state.port, folder: folder)
            do {
                try startServer(folder: folder, port: state.port)
                break
            } catch let error as PostgresServerError where error.message.contains("already in use") && attempts < 5 {
                attempts += 1
                state.port = try FreePort.pick()
            }
        }
        let outcome = try Command.run(
            [installation.program("psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(state.port),
             "-U", "postgres", "-d", "postgres", "-c", "CREATE DATABASE \(Self.database)"],
            in: folder,
            environment: ["PGCONNECT_TIMEOUT": "5"])
        guard outcome.status == 0 else { throw PostgresServerError("cannot create the database \(Self.database): \(outcome.output)") }
    }

    /// A new empty folder: under /tmp as root (where the postgres user can reach it), else in
    /// the temporary folder.
    private func makeFolder() throws -> URL {
        let base = geteuid() == 0 ? "/tmp" : FileManager.default.temporaryDirectory.path
        var template = Array((base + "/hub-postgres-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard made != nil else { throw PostgresServerError("cannot make a folder in \(base): \(String(cString: strerror(errno)))") }
        let path = template.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { String(cString: $0) } ?? ""
        }
        return URL(fileURLWithPath: path)
    }

    /// Trust authentication on loopback and the unix socket only; settings for a small,
    /// fast, throwaway server (no fsync: a stopped server keeps its data, a crashed machine
    /// need not).
    private func configure(folder: URL) throws {
        let data = URL(fileURLWithPath: dataDirectory(folder))
        let hba = """
            # Hub's test server: trust on the unix socket and loopback only.
            local all all trust
            host all all 127.0.0.1/32 trust

            """
        let hbaPath = data.appendingPathComponent("pg_hba.conf")
        try write(hba, to: hbaPath)
        try installation.handOver(hbaPath.path)
        let settings = """

            # Hub's test server
            listen_addresses = '127.0.0.1'
            unix_socket_directories = '\(folder.path)'
            fsync = off
            full_page_writes = off
            shared_buffers = 32MB
            max_connections = 100
            max_parallel_workers_per_gather = 0
            log_min_messages = warning

            """
        try append(settings, to: data.appendingPathComponent("postgresql.conf"))
    }

    private func setPort(_ port: Int, folder: URL) throws {
        // The last setting of a name wins.
        try append("port = \(port)\n", to: URL(fileURLWithPath: dataDirectory(folder)).appendingPathComponent("postgresql.conf"))
    }

    private func startServer(folder: URL, port: Int) throws {
        let log = folder.appendingPathComponent("server.log")
        let outcome = try Command.run(
            installation.asServerUser([
                installation.program("pg_ctl"), "start", "-D", dataDirectory(folder), "-l", log.path, "-w", "-t", "60", "-s",
            ]),
            in: folder)
        guard outcome.status == 0 else {
            let tail = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(8).joined(separator: "\n")
            throw PostgresServerError("pg_ctl start failed on port \(port): \(outcome.output)\n\(tail)")
        }
    }

    private func postmasterPID(folder: URL?) -> pid_t? {
        guard let folder else { return nil }
        let file = URL(fileURLWithPath: dataDirectory(folder)).appendingPathComponent("postmaster.pid")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first.flatMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
    }

    private func dataDirectory(_ folder: URL) -> String {
        folder.appendingPathComponent("data").path
    }

    private func write(_ text: String, to file: URL) throws {
        do {
            try Data(text.utf8).write(to: file)
        } catch {
            throw PostgresServerError("cannot write \(file.path): \(error)")
        }
    }

    private func append(_ text: String, to file: URL) throws {
        do {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw PostgresServerError("cannot write \(file.path): \(error)")
        }
    }

    private func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
