import Foundation

/// Debian's PostgreSQL programs on this machine, and how to run them as the user that owns a
/// cluster (PostgreSQL refuses to run as root: as root, they run as the `postgres` system user).
struct PostgresInstallation: Sendable {
    /// The folder holding `initdb`, `pg_ctl`, `postgres` and `psql`.
    let binaries: URL
    /// The user the server's programs run as: nil runs them as this process's user.
    let serverUser: ServerUser?

    /// The system user a root process hands the server to, and how it switches to it.
    struct ServerUser: Sendable {
        let name: String
        let uid: uid_t
        let gid: gid_t
        /// `setpriv` or `runuser`, with its arguments up to the command to run.
        let prefix: [String]
    }

    /// Finds Debian's newest PostgreSQL (`/usr/lib/postgresql/<version>/bin`), else `initdb`
    /// on the PATH; as root, also the `postgres` user.
    static func find() throws -> PostgresInstallation {
        let binaries = try findBinaries()
        guard geteuid() == 0 else { return PostgresInstallation(binaries: binaries, serverUser: nil) }
        guard let entry = getpwnam("postgres") else {
            throw PostgresServerError(
                "running as root, PostgreSQL needs the postgres system user, which does not exist: "
                    + "install Debian's postgresql (Scripts/bootstrap does), which creates it")
        }
        let uid = entry.pointee.pw_uid
        let gid = entry.pointee.pw_gid
        let prefix: [String]
        if let setpriv = executable(named: "setpriv") {
            prefix = [setpriv, "--reuid=\(uid)", "--regid=\(gid)", "--init-groups", "--"]
        } else if let runuser = executable(named: "runuser") {
            prefix = [runuser, "-u", "postgres", "--"]
        } else {
            throw PostgresServerError("running as root needs setpriv or runuser (util-linux) to run PostgreSQL as the postgres user")
        }
        return PostgresInstallation(binaries: binaries, serverUser: ServerUser(name: "postgres", uid: uid, gid: gid, prefix: prefix))
    }

    /// The path of one of PostgreSQL's programs.
    func program(_ name: String) -> String {
        binaries.appendingPathComponent(name).path
    }

    /// The command line that runs `arguments` as the server's user.
    func asServerUser(_ arguments: [String]) -> [String] {
        (serverUser?.prefix ?? []) + arguments
    }

    /// Gives `path` (and everything in it) to the server's user.
    func handOver(_ path: String) throws {
        guard let user = serverUser else { return }
        guard chown(path, user.uid, user.gid) == 0 else {
            throw PostgresServerError("cannot give \(path) to the \(user.name) user: \(String(cString: strerror(errno)))")
        }
    }

    private static func findBinaries() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let newestFirst = versions.compactMap { name in Int(name).map { (name, $0) } }.sorted { $0.1 > $1.1 }
        for (name, _) in newestFirst {
            let bin = root.appendingPathComponent(name).appendingPathComponent("bin")
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) { return bin }
        }
        if let initdb = executable(named: "initdb") {
            return URL(fileURLWithPath: initdb).resolvingSymlinksInPath().deletingLastPathComponent()
        }
        throw PostgresServerError(
            "PostgreSQL is not installed: no initdb under /usr/lib/postgresql/*/bin nor on the PATH "
                + "(install Debian's postgresql: Scripts/bootstrap does)")
    }

    /// The path of the program `name` on the PATH (or in the usual system folders).
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]
        for folder in folders where !folder.isEmpty {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
