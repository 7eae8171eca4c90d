import Foundation
import HubCore
import HubData
import HubHTTP
import HubLua
import HubRender
internal import HubSystem
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOPosix
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// Serves Hub features over HTTP (Hummingbird on SwiftNIO): view models as default-schema JSON,
/// actions on them, streams of their updates, a live preview in the browser, and metrics.
///
/// A Lua state is single-threaded, so requests are answered by a pool of worker threads, each
/// with its own runtime and the same features loaded; every request opens its own screen and
/// lets it go once answered, so requests share no mutable state but the store (what a feature
/// keeps in its own Lua modules stays per worker; what it keeps in `hub.store` every worker
/// sees, and a change there reschedules the update streams that read it). See docs/serving.md.
public final class HubServer: Sendable {
    public let configuration: HubServerConfiguration
    let pool: WorkerPool
    let metrics: ServerMetrics
    /// The views kept by their features' reload policies, answered from before any chain runs.
    let viewCache: ViewCache
    /// Empties ``viewCache`` whenever the store changes (through any worker or process).
    private let storeObservation: StoreObservation
    /// The number the next request gets.
    private let nextRequestNumber = Atomic<Int>(1)
    /// Whether ``shutDown()`` was asked for, and the services running, once they run.
    private let stopping = Mutex<(requested: Bool, services: ServiceGroup?)>((false, nil))
    /// The steps every request passes, whoever answers it.
    let pipeline: RequestPipeline
    /// The event loops every server of the process serves connections on: one per core it may
    /// run on, and no more than SwiftNIO's own count, which honours a container's CPU quota
    /// (but not the affinity, which counts every core of the machine).
    private static let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: min(AllowedCores.count, System.coreCount))

    /// A server whose workers have loaded the features; throws when a path holds no feature
    /// folder (a folder that fails to load is logged, and the others serve), or an allowed host
    /// names no host.
    public init(configuration: HubServerConfiguration) throws {
        self.configuration = configuration
        let metrics = ServerMetrics()
        self.metrics = metrics
        pipeline = RequestPipeline(
            hosts: try HostPolicy(boundAddress: configuration.host, allowedHosts: configuration.allowedHosts), metrics: metrics,
            isDevelopment: configuration.isDevelopment, maxBodyBytes: configuration.maxBodyBytes)
        let viewCache = ViewCache(clock: configuration.viewCacheClock)
        self.viewCache = viewCache
        storeObservation = configuration.store.observe { [viewCache] _ in viewCache.invalidate() }
        let logger = configuration.logger
        // One HTTP cache for every worker: what one fetched, the others reuse.
        let httpCache = HTTPCache()
        pool = try WorkerPool(count: configuration.workers, sessionsPerWorker: configuration.maxStreamsPerWorker) { [configuration] in
            let runtime = try HubRuntime(clock: .real)
            runtime.manager.httpTransport = AsyncHTTPTransport()
            runtime.manager.httpCache = httpCache
            runtime.manager.store = configuration.store
            runtime.printOutput = { logger.info("\($0)", metadata: ["source": "print"]) }
            // What went wrong without stopping a request (a failure an operation silenced, a
            // component that failed to draw) is logged as it happens.
            runtime.onProblem = { logger.warning("\($0)") }
            runtime.manager.settleTimeout = configuration.requestTimeout
            configuration.prepareRuntime(runtime)
            try runtime.loadFeatures(at: configuration.featureFolders) { failures in for failure in failures { logger.warning("\(failure)") } }
            return runtime
        }
    }

    /// Serves until the task is cancelled or the process is asked to stop (SIGTERM, SIGINT);
    /// `onRunning` is told the port once the server listens. The workers stop when it returns.
    ///
    /// The process's limit of open files is raised as far as the system lets it: each update
    /// stream holds a connection.
    ///
    /// On SIGTERM or SIGINT the update streams end first, then the server stops once the
    /// requests under way are answered (it waits for open responses, and a stream never ends on
    /// its own).
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        defer { pool.stop() }
        makeRoomForStreams()
        let application = Application(
            router: makeRouter(),
            server: connectionServer(additionalChannelHandlers: { [ClientDeparture()] }),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: ResponseHeaderFields.serverName),
            onServerRunning: { channel in
                await self.guardAccepting(on: channel)
                await onRunning(channel.localAddress?.port ?? 0)
            },
            eventLoopGroupProvider: .shared(Self.eventLoops),
            logger: configuration.logger)
        // A group stops its services last first: the streams and the watching before the server.
        var services: [any Service] = [application, UpdateStreams(pool: pool, pingInterval: configuration.pingInterval)]
        if configuration.watch {
            services.append(FeatureWatching(
                pool: pool, roots: configuration.featureFolders, polling: configuration.pollsForChanges, logger: configuration.logger,
                onReload: { [viewCache] in viewCache.invalidate() }))
        }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: configuration.logger))
        let requested = stopping.withLock {
            $0.services = group
            return $0.requested
        }
        if requested { await group.triggerGracefulShutdown() }
        try await group.run()
    }

    /// Stops the server as SIGTERM does: its update streams end, it stops accepting, and
    /// ``run(onRunning:)`` returns once the requests under way are answered. Cancelling the task
    /// that runs it instead may drop connections just accepted, which SwiftNIO traps on
    /// ("Deinited NIOAsyncWriter without calling finish()").
    public func shutDown() async {
        let services = stopping.withLock {
            $0.requested = true
            return $0.services
        }
        await services?.triggerGracefulShutdown()
    }

    /// A ticket for a request that came on `channel` now: its number, its deadline, and how to
    /// hear that its client went away.
    func ticket(for channel: any Channel) -> RequestTicket {
        RequestTicket(
            number: nextRequestNumber.add(1, ordering: .relaxed).oldValue,
            deadline: MonotonicTime.adding(milliseconds: configuration.requestTimeout, to: MonotonicTime.now),
            watch: ClientWatch(channel: channel))
    }

    /// Serves as ``run(onRunning:)`` does, the calling thread waiting until the server stops:
    /// for a program that is not async (the server's tasks run on Swift's threads meanwhile).
    public func runBlocking(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws {
        let stopped = Completion()
        Task {
            do {
                try await run(onRunning: onRunning)
                stopped.finish(with: nil)
            } catch {
                stopped.finish(with: error)
            }
        }
        if let error = stopped.wait() { throw error }
    }
}
