import Foundation
import Synchronization

/// Makes sure no test server outlives the process that started it: at a normal exit, each
/// running server gets an immediate shutdown; and a watchdog process per server (in a process
/// group of its own, so that ^C does not stop it) waits for this process to end, however it
/// ends, then stops the server and removes its folder.
enum ServerCleanup {
    /// The postmaster of each running server, by server number.
    private static let running = Mutex<[Int: pid_t]>([:])

    private static let exitHook: Void = {
        atexit { ServerCleanup.stopAllAtExit() }
    }()

    /// Records that server `number`'s postmaster is `pid` (nil: it is stopped).
    static func record(_ number: Int, postmaster pid: pid_t?) {
        _ = exitHook
        running.withLock { $0[number] = pid }
    }

    private static func stopAllAtExit() {
        let pids = running.withLock { Array($0.values) }
        for pid in pids { kill(pid, SIGQUIT) }
    }

    /// Starts the watchdog of a server whose files are all in `folder`; returns its process.
    static func startWatchdog(installation: PostgresInstallation, dataDirectory: String, folder: URL) throws -> pid_t {
        let script = """
            parent=$1; data=$2; folder=$3; shift 3
            while kill -0 "$parent" 2>/dev/null; do sleep 1; done
            "$@" stop -D "$data" -m immediate -s >/dev/null 2>&1
            rm -rf "$folder"
            """
        var arguments = ["/bin/sh", "-c", script, "hub-postgres-watchdog", String(getpid()), dataDirectory, folder.path]
        arguments += installation.asServerUser([installation.program("pg_ctl")])
        return try Command.spawnDetached(arguments, in: folder)
    }
}
