import Foundation
import Glibc
import HubCore

/// Headless Chromium (Debian's `chromium`, which Scripts/bootstrap installs) driven through the
/// DevTools protocol over a pipe (`--remote-debugging-pipe`: the browser reads commands on its
/// file descriptor 3 and writes replies and events on 4, each message JSON ending in a NUL
/// byte), with one page attached.
final class HeadlessChromium: @unchecked Sendable {
    static let executable = "/usr/bin/chromium"

    private let process: pid_t
    private let commands: Int32
    private let replies: Int32
    private let profile: URL
    private var buffer: [UInt8] = []
    private var nextIdentifier = 0
    private var session: String?

    /// A browser with one blank page (commands go to it), started with `arguments` besides
    /// its own (`--host-resolver-rules=...`, say).
    init(arguments extra: [String] = []) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw WireError(description: "\(Self.executable) is missing: Scripts/bootstrap installs Debian's chromium")
        }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("hub-chromium-\(UUID().uuidString)")
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw WireError(description: "pipe() failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        let devNull = open("/dev/null", O_WRONLY)
        posix_spawn_file_actions_adddup2(&actions, devNull, 1)
        posix_spawn_file_actions_adddup2(&actions, devNull, 2)
        let arguments = [
            Self.executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
        ] + extra + ["about:blank"]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, Self.executable, &actions, nil, &argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        close(devNull)
        guard spawned == 0 else { throw WireError(description: "cannot start \(Self.executable): \(spawned)") }
        process = pid
        commands = toBrowser[1]
        replies = fromBrowser[0]
        let target = try send("Target.createTarget", ["url": .string("about:blank")])
        guard let targetID = target["targetId"]?.stringValue else { throw WireError(description: "no target: \(target)") }
        let attached = try send("Target.attachToTarget", ["targetId": .string(targetID), "flatten": .bool(true)])
        session = attached["sessionId"]?.stringValue
        _ = try send("Page.enable")
    }

    deinit {
        close(commands)
        close(replies)
        kill(process, SIGKILL)
        var status: Int32 = 0
        waitpid(process, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Opens `url` in the page.
    func navigate(_ url: String) throws {
        _ = try send("Page.navigate", ["url": .string(url)])
    }

    /// Makes the page's window `width` × `height` CSS pixels, as a person resizing it would (the
    /// page gets a `resize` event).
    func resize(width: Int, height: Int) throws {
        _ = try send("Emulation.setDeviceMetricsOverride", [
            "width": .int(width), "height": .int(height), "deviceScaleFactor": .int(1), "mobile": .bool(false),
        ])
    }

    /// Runs the JavaScript `script` in every page that opens from now on, before the page's own
    /// scripts.
    func beforeEveryPage(_ script: String) throws {
        _ = try send("Page.addScriptToEvaluateOnNewDocument", ["source": .string(script)])
    }

    /// The value of the JavaScript `expression` evaluated in the page.
    func evaluate(_ expression: String) throws -> JSONValue {
        let result = try send("Runtime.evaluate", ["expression": .string(expression), "returnByValue": .bool(true)])
        if let exception = result["exceptionDetails"] { throw WireError(description: "\(expression): \(exception)") }
        return result["result"]?.objectValue?["value"] ?? .null
    }

    /// Waits until the JavaScript `condition` holds in the page (polling every 20 ms; one that
    /// throws, as on a page still loading, does not hold yet), at most `seconds`; whether it
    /// came to hold.
    func wait(until condition: String, seconds: Double = 30) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try evaluate("(() => { try { return Boolean(\(condition)); } catch { return false; } })()") == .bool(true) { return true }
            usleep(20_000)
        }
        return false
    }

    /// Sends a command to the page (or the browser, before a page is attached) and returns its
    /// result, skipping the events that come before it.
    private func send(_ method: String, _ parameters: JSONDictionary = [:]) throws -> JSONDictionary {
        nextIdentifier += 1
        var message: JSONDictionary = ["id": .int(nextIdentifier), "method": .string(method), "params": .object(parameters)]
        if let session { message["sessionId"] = .string(session) }
        let bytes = Array(JSONValue.object(message).serialized().utf8) + [0]
        guard bytes.withUnsafeBytes({ write(commands, $0.baseAddress, $0.count) }) == bytes.count else {
            throw WireError(description: "the browser is gone")
        }
        while true {
            let reply = try readMessage()
            guard reply["id"]?.intValue == nextIdentifier else { continue }
            if let error = reply["error"] { throw WireError(description: "\(method): \(error)") }
            return reply["result"]?.objectValue ?? [:]
        }
    }

    /// The next message from the browser; throws when none comes within 15 seconds.
    private func readMessage() throws -> JSONDictionary {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONParser.parse(bytes: message).objectValue ?? [:]
            }
            var request = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 15_000) > 0 else { throw WireError(description: "the browser did not answer") }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            guard count > 0 else { throw WireError(description: "the browser closed its pipe") }
            buffer += chunk[..<count]
        }
    }
}
