import Foundation
import HubLua
import Hummingbird
import Logging

/// Serves Hub features over HTTP (Hummingbird on SwiftNIO): view models as default-schema JSON,
/// actions on them, streams of their updates, a live preview in the browser, and metrics.
///
/// A Lua state is single-threaded, so requests are answered by a pool of worker threads, each
/// with its own runtime and the same features loaded; every request opens its own screen and
/// lets it go once answered, so requests share no mutable state (what a feature keeps in its
/// own Lua modules stays per worker). See docs/serving.md.
public final class HubServer: Sendable {
    public let configuration: HubServerConfiguration
    let pool: WorkerPool
    let metrics = ServerMetrics()
    /// The feature folders loaded (what watching watches).
    private let loadedFolders: [String]

    /// A server whose workers have loaded the features; throws when a path holds no feature
    /// folder (a folder that fails to load is logged, and the others serve).
    public init(configuration: HubServerConfiguration) throws {
        self.configuration = configuration
        let logger = configuration.logger
        let folders = FolderList()
        pool = try WorkerPool(count: configuration.workers) { [configuration] in
            let runtime = try HubRuntime(clock: .real)
            runtime.printOutput = { logger.info("\($0)", metadata: ["source": "print"]) }
            runtime.manager.settleTimeout = configuration.settleTimeout
            configuration.prepareRuntime(runtime)
            for folder in configuration.featureFolders {
                let failures = runtime.loadFailures.count
                do {
                    try runtime.loadFeatures(at: folder)
                } catch {
                    guard runtime.loadFailures.count > failures else { throw error }
                    logger.warning("\(error)")
                }
            }
            folders.set(runtime.loadedFolderPaths)
            return runtime
        }
        loadedFolders = folders.paths
    }

    /// Serves until the task is cancelled or the process is asked to stop (SIGTERM, SIGINT);
    /// `onRunning` is told the port once the server listens. The workers stop when it returns.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        defer { pool.stop() }
        let application = Application(
            router: makeRouter(),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "hub"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: configuration.logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await application.runService() }
            group.addTask { try await self.keepStreamsOpen() }
            if configuration.watch { group.addTask { try await self.watchFeatureFiles() } }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Sends a comment on every update stream every ``HubServerConfiguration/pingInterval``
    /// seconds, which keeps idle connections open and ends the sessions of clients gone.
    private func keepStreamsOpen() async throws {
        while true {
            try await Task.sleep(for: .seconds(configuration.pingInterval))
            pool.broadcast { $0.pingSessions() }
        }
    }

    /// Reloads edited feature files in every worker (whose live screens then rerun what the
    /// edit touched, and push their new views) until cancelled.
    private func watchFeatureFiles() async throws {
        let logger = configuration.logger
        let watching = FileWatching(roots: loadedFolders, polling: configuration.pollsForChanges) { [pool] in
            pool.broadcast { state in
                let outcomes = state.reloadChangedFiles()
                // Every worker reloads the same files: one of them says what happened.
                guard state.worker == 0 else { return }
                for outcome in outcomes { logger.info("\(outcome)") }
            }
        }
        defer { watching.stop() }
        while true { try await Task.sleep(for: .seconds(3_600)) }
    }
}

/// The loaded folders one worker reports as it starts (every worker loads the same ones).
private final class FolderList: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: [String] = []

    func set(_ paths: [String]) {
        lock.withLock { loaded = paths }
    }

    var paths: [String] { lock.withLock { loaded } }
}
