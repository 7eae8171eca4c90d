import Foundation

/// A `hub` process the test talks to while it runs: writes to its input, waits for what it
/// prints, signals it, and reads its memory and open files from /proc.
/// Sendable as the pipes' handlers need: what it printed is guarded by `lock`.
final class LiveProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var printed = Data()
    private var warned = Data()

    /// Starts `program` (default: `hub`) with `arguments` in `directory` (default: the package
    /// root).
    init(_ arguments: [String], in directory: URL = HubProcess.packageRoot, program: URL = HubProcess.executable("hub")) throws {
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read by threads of their own, not readability handlers: letting go of a handler's
        // dispatch source closed its descriptor a second time, sometimes under the socket that
        // another test had just been given that number for.
        drain(output, error: false)
        drain(errors, error: true)
    }

    /// Appends what `pipe` carries as it comes, on a thread of its own, until its writer closes it.
    private func drain(_ pipe: Pipe, error: Bool) {
        Thread.detachNewThread { [weak self] in
            let handle = pipe.fileHandleForReading
            while case let data = handle.availableData, !data.isEmpty {
                guard let self else { return }
                self.append(data, error: error)
            }
        }
    }

    deinit {
        // It inherits the test thread's signal mask, in which SIGTERM may be blocked.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private func append(_ data: Data, error: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if error { warned.append(data) } else { printed.append(data) }
    }

    /// What it printed on standard output so far.
    var outputText: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: printed, as: UTF8.self)
    }

    /// What it printed on standard error so far.
    var errorText: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: warned, as: UTF8.self)
    }

    /// Writes `text` to its standard input.
    func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits (up to `seconds`: a deadline only a failure reaches) until `condition` holds of
    /// what it printed (output, errors); returns whether it did.
    @discardableResult
    func wait(seconds: Double = 30, until condition: (String, String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(outputText, errorText) { return true }
            usleep(10_000)
        }
        return condition(outputText, errorText)
    }

    /// Sends it `signal` (e.g. SIGINT).
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits until it is stopped (by `SIGSTOP`), as the kernel reports it, without reaping it;
    /// whether it is.
    func waitUntilStopped() -> Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(process.processIdentifier), &info, WSTOPPED | WNOWAIT) == 0
    }

    /// Ends its input and waits for it to exit; its exit status.
    func finish() throws -> Int32 {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Its exit status once it exits, waiting up to `seconds`; nil when it is still running.
    func exitStatus(within seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Its resident memory in kilobytes (VmRSS), from /proc.
    var residentKilobytes: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// The processor time it has taken so far, user and system, in seconds (from /proc).
    var processorSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        // After the command's name in parentheses: state is field 3, utime and stime 14 and 15.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits (up to `seconds`) until it has taken `busy` seconds of processor time more than
    /// when asked: what a process running code does, and one waiting for input does not;
    /// returns whether it did.
    func waitUntilBusy(for busy: Double, seconds: Double = 30) -> Bool {
        let before = processorSeconds
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if processorSeconds - before >= busy { return true }
            usleep(10_000)
        }
        return false
    }

    /// The processes it started (from /proc), as `script` starts the program it runs.
    var children: [Int32] {
        taskFiles("children").flatMap { $0.split(separator: " ").compactMap { Int32($0) } }
    }

    /// The names of its threads (their `comm`), from /proc.
    var threadNames: [String] {
        taskFiles("comm").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The file `name` of each of its threads' directories in /proc (`/proc/PID/task/TID/name`).
    private func taskFiles(_ name: String) -> [String] {
        let directory = "/proc/\(process.processIdentifier)/task"
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "\(directory)/\($0)/\(name)", encoding: .utf8) }
    }

    /// How many files it has open, from /proc.
    var openFiles: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? 0
    }
}

extension String {
    /// The text with the time and instructions `hub watch --chain` gives each operation's last
    /// run (` (2.5 ms, 41000 instructions)`) taken out, for comparing statuses and runs alone.
    var withoutRunMeasures: String {
        replacing(#/ \([0-9]+\.[0-9] ms(, [0-9]+ instructions)?\)| \([0-9]+ instructions\)/#, with: "")
    }
}
