import Foundation
import HubTestThreads
import Testing

// `hub repl` under a pseudo-terminal (util-linux's script, an xterm), where libedit edits the
// line and the terminal turns Ctrl-C into SIGINT, as an author's does.

extension LiveProcess {
    /// `hub repl` with `arguments` under a pseudo-terminal, in `directory`, once its banner shows.
    static func terminalREPL(_ arguments: [String], in directory: URL = HubProcess.packageRoot) throws -> LiveProcess {
        let command = ([HubProcess.executable("hub").path, "repl"] + arguments).joined(separator: " ")
        let repl = try LiveProcess(
            ["-qfec", "exec env TERM=xterm \(command)", "/dev/null"], in: directory, program: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(repl.wait { output, _ in output.contains("Ctrl-D leaves.") }, "\(repl.outputText)")
        return repl
    }

    /// Waits (up to 30 s) until the terminal of the REPL that `script` runs is out of line mode
    /// (`raw`), as libedit puts it while it waits for a key, or back in it, as while a line's
    /// script runs; whether it came to. Read from the terminal itself: on a loaded machine the
    /// prompt could show before, and keys typed then were echoed by the terminal in line mode
    /// and again by libedit. A condition polled (`waitUntil`), as nothing can be waited on: the
    /// pseudo-terminal is `script`'s, and Linux tells no one else when a terminal's mode changes.
    func waitForTerminal(raw: Bool) -> Bool {
        waitUntil(seconds: 30) { children.contains { terminalIsRaw(of: $0) == raw } }
    }

    /// Whether the terminal on process `pid`'s standard input is out of line mode; nil when it
    /// cannot be read (the process is gone, or its input is no terminal).
    private func terminalIsRaw(of pid: Int32) -> Bool? {
        let terminal = open("/proc/\(pid)/fd/0", O_RDONLY | O_NOCTTY)
        guard terminal >= 0 else { return nil }
        defer { close(terminal) }
        var settings = termios()
        guard tcgetattr(terminal, &settings) == 0 else { return nil }
        return settings.c_lflag & tcflag_t(ICANON) == 0
    }

    /// Types `line`, whose script waits (a sleep, a response), and Enter, once the prompt waits
    /// for a key; then waits until the script runs: the terminal is back in line mode meanwhile.
    func startWaiting(_ line: String) {
        #expect(waitForTerminal(raw: true), "the prompt never took the terminal out of line mode")
        write(line + "\r")
        #expect(waitForTerminal(raw: false), "the line never ran: \(outputText.debugDescription)")
    }

    /// Presses Ctrl-C until the REPL prints `shown` (up to 30 s); whether it did. A Ctrl-C
    /// pressed between the prompt and the line's script, where it does nothing, is pressed again.
    func interrupt(untilShown shown: String) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            write("\u{03}")
            if wait(seconds: 0.5, until: { output, _ in output.contains(shown) }) { return true }
        }
        return false
    }

    /// Leaves the REPL with Ctrl-D once its next prompt shows; whether it exited with 0. Typed
    /// earlier, while the line just entered still ran, it met the terminal in its line mode,
    /// which took it as the end of an empty line and dropped it when the prompt switched modes:
    /// the REPL never heard it.
    func leaveREPL() {
        #expect(wait { output, _ in output.hasSuffix("\r\n> ") }, "a prompt: \(outputText.debugDescription)")
        #expect(waitForTerminal(raw: true), "the prompt never took the terminal out of line mode")
        write("\u{04}")
        #expect(exitStatus(within: 10) == 0)
    }
}
