import Foundation
import Glibc

/// A child process that holds update streams open, reading nothing, until it is killed: clients
/// a test can kill all at once, as a crash would. It is bash, whose `/dev/tcp` connects without
/// any other program; it gives up by itself after a minute.
final class StreamHolder: @unchecked Sendable {
    private let process = Process()
    /// Never written to: bash waits on it for its minute.
    private let input = Pipe()

    /// Starts the child, which opens `count` streams of `path` on loopback `port`, and waits
    /// until it has sent every request. Blocks: call it off the task pool (``offThePool(_:)``).
    init(port: Int, path: String, count: Int) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", Self.script, "hold-streams", String(port), path, String(count)]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            said += more
        }
        guard String(decoding: said, as: UTF8.self) == "ready\n" else {
            kill()
            throw WireError(description: "the stream holder did not open its streams: '\(String(decoding: said, as: UTF8.self))'")
        }
    }

    deinit {
        kill()
    }

    /// Kills the child with SIGKILL (the kernel closes its connections) and waits for it.
    func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Opens `$3` connections to port `$1`, each sending `GET $2`, says `ready`, then waits (for
    /// its standard input, at most a minute).
    private static let script = #"""
        for ((i = 0; i < $3; i++)); do
          exec {fd}<>"/dev/tcp/127.0.0.1/$1" || exit 1
          printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n' "$2" >&"$fd"
        done
        echo ready
        read -r -t 60 _
        """#
}
