import ArgumentParser
import Foundation
import HubCore
import HubLua
import HubServer
import Logging

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the features' views over HTTP, with a live preview in the browser.",
        // Written out: with this many options ArgumentParser's usage would name none of them.
        usage: """
            hub serve [--features <features> ...] [--host <host>] [--port <port>]
            [--allowed-host <allowed-host> ...] [--workers <workers>] [--watch]
            [--poll] [--dev] [--width <width>] [--max-body <max-body>]
            [--request-timeout <request-timeout>]
            [--max-requests-per-worker <max-requests-per-worker>]
            [--max-streams-per-worker <max-streams-per-worker>]
            [--log-level <log-level>] [--store <store>] [--memory <memory>]
            [--budget <budget>] [--timeout <timeout>] [--time-limit <time-limit>]
            [--max-connections <max-connections>] [--header-timeout <header-timeout>]
            [--idle-timeout <idle-timeout>] [--client-timeout <client-timeout>]
            [--grants <grants>]
            """,
        discussion: """
            The routes (view models are default-schema JSON; see docs/serving.md):
            \(ServerRoutes.summary)

            Safe by default: a request sent to a name other than --host, localhost, 127.0.0.1, \
            [::1] or an --allowed-host gets 421 (DNS rebinding); a write (POST...) needs Content-Type: \
            application/json (415) and, with an Origin, one of the server's own (403: CSRF). \
            Failures answer with a generic message and a request id, which the log line has \
            with the located error; --dev (implied by --watch) answers with the located error.
            """)

    @OptionGroup var features: FeatureOptions

    @Option(help: "The address to listen on.")
    var host = HubDefaults.Server.host

    @Option(help: "The port to listen on (0: any free port).")
    var port = HubDefaults.Server.port

    @Option(
        name: .customLong("allowed-host"),
        help: "Another name requests may be sent to (their Host), as name or name:port: what a proxy or DNS name in front calls the server (repeatable).")
    var allowedHosts: [String] = []

    // Optional, so that help states the default once, in words.
    @Option(name: .customLong("workers"), help: "Worker threads, each with its own Lua runtime (default: one per core the process may run on).")
    var givenWorkers: Int?

    /// The worker threads to run: `--workers`, or one per core the process may run on.
    var workers: Int { givenWorkers ?? HubDefaults.Server.workers }

    @Flag(help: "Reload edited feature files, and send the views they change to update streams.")
    var watch = false

    @Flag(help: "Poll the folders for changes instead of using inotify (with --watch).")
    var poll = false

    @Flag(help: "Answer failures with their feature, operation and file:line, not only a request id (implied by --watch).")
    var dev = false

    @Option(help: "The width views are laid out and previews drawn at, in cells.")
    var width = HubDefaults.width

    @Option(help: "The largest request body taken, in bytes.")
    var maxBody = HubDefaults.Server.maxBodyBytes

    @Option(help: "Seconds a request may take before it answers 504 (its chain is stopped).")
    var requestTimeout = Double(HubDefaults.Server.requestTimeout) / 1_000

    @Option(help: "Requests each worker holds at once, queued or waiting for their chains; more get 503.")
    var maxRequestsPerWorker = HubDefaults.Server.maxRequestsPerWorker
    @Option(help: "The most connections open at once; past it, new ones are answered 503 and closed.")
    var maxConnections = HubDefaults.Server.maxConnections

    @Option(help: "Seconds a client may take to send a request: its header fields and its body.")
    var headerTimeout = HubDefaults.Server.headerTimeoutSeconds

    @Option(help: "Seconds a kept-alive connection may stay idle between requests.")
    var idleTimeout = HubDefaults.Server.idleTimeoutSeconds

    @Option(help: "Seconds what is sent to a client may stay unacknowledged or unread before its connection is dropped.")
    var clientTimeout = HubDefaults.Server.clientTimeoutSeconds

    @Option(help: "Update streams (and previews) each worker keeps open at once; more get 503.")
    var maxStreamsPerWorker = HubDefaults.Server.maxStreamsPerWorker

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = HubDefaults.Server.logLevel

    /// The longest `--client-timeout`, in seconds: a day, far past any client worth waiting for.
    static let longestClientTimeout = 86_400

    func validate() throws {
        guard workers > 0 else { throw ValidationError("--workers must be at least 1") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        try WidthOption.validate(width)
        guard maxBody > 0 else { throw ValidationError("--max-body must be a positive number of bytes, got \(maxBody)") }
        guard requestTimeout > 0, requestTimeout <= 3_600 else {
            throw ValidationError("--request-timeout must be more than 0 and at most 3600 seconds, got \(requestTimeout)")
        }
        guard maxRequestsPerWorker > 0 else {
            throw ValidationError("--max-requests-per-worker must be at least 1, got \(maxRequestsPerWorker)")
        }
        let positive = [
            ("--max-connections", maxConnections), ("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout),
            ("--client-timeout", clientTimeout),
        ]
        for (name, value) in positive where value <= 0 {
            throw ValidationError("\(name) must be a positive number, got \(value)")
        }
        guard clientTimeout <= Self.longestClientTimeout else {
            throw ValidationError("--client-timeout must be at most \(Self.longestClientTimeout) seconds (a day), got \(clientTimeout)")
        }
        guard maxStreamsPerWorker > 0 else {
            throw ValidationError("--max-streams-per-worker must be at least 1, got \(maxStreamsPerWorker)")
        }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown log level '\(logLevel)'") }
    }

    /// Serves until the process is asked to stop. The command itself is not async: that would
    /// make every `hub` command start Swift's task threads (8 MiB of stack reserved each), which
    /// only the server needs; its tasks run while this thread waits.
    func run() throws {
        var configuration = HubServerConfiguration(featureFolders: features.paths)
        configuration.host = host
        configuration.port = port
        configuration.allowedHosts = allowedHosts
        configuration.isDevelopment = dev || watch
        configuration.workers = workers
        configuration.watch = watch
        configuration.pollsForChanges = poll
        configuration.width = width
        configuration.maxBodyBytes = maxBody
        configuration.requestTimeout = Int((requestTimeout * 1_000).rounded())
        configuration.maxRequestsPerWorker = maxRequestsPerWorker
        configuration.maxConnections = maxConnections
        configuration.headerTimeout = .seconds(headerTimeout)
        configuration.idleTimeout = .seconds(idleTimeout)
        configuration.clientTimeout = .seconds(clientTimeout)
        configuration.maxStreamsPerWorker = maxStreamsPerWorker
        let grants = try features.grants.load()
        configuration.prepareRuntime = { [limits = features.limits] in
            limits.apply(to: $0)
            $0.grants = grants
        }
        configuration.store = try features.store.makeStore(defaultLocation: HubDefaults.Server.storePath)
        configuration.logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let (host, workers) = (host, workers)
        // The announcement goes after the lines logged while the features loaded, and the
        // last lines are written before the process ends (or it gives up on a reader that never
        // reads).
        let log = LogWriter.standardError
        defer { log.flush(within: Double(HubDefaults.Server.logFlushSeconds)) }
        do {
            try HubServer(configuration: configuration).runBlocking { port in
                log.write("hub: serving on http://\(host):\(port) with \(workers) worker\(workers == 1 ? "" : "s")\n")
            }
        } catch {
            log.flush(within: Double(HubDefaults.Server.logFlushSeconds))
            Hub.warn(error)
            throw ExitCode.failure
        }
    }
}
