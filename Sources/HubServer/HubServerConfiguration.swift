import Foundation
import HubCore
import HubData
import HubLua
import Logging

/// How a ``HubServer`` serves: which features, where, with how many workers, under which limits.
/// Each setting starts from ``HubDefaults`` (`HubDefaults.Server`, the width).
public struct HubServerConfiguration: Sendable {
    /// Feature folders, or folders of feature folders, loaded in every worker.
    public var featureFolders: [String]
    /// The address to bind: loopback unless told otherwise.
    public var host = HubDefaults.Server.host
    /// The port to bind; 0 picks a free one (``HubServer/run(onRunning:)`` says which).
    public var port = HubDefaults.Server.port
    /// Other names requests may be sent to (their `Host`), besides ``host`` and the loopback
    /// names: what a proxy or a DNS name in front of the server calls it, as `name` (any port)
    /// or `name:port`. A write whose `Origin` has one of these hosts counts as the server's own.
    public var allowedHosts: [String] = []
    /// Whether failures are answered with where they happened (feature, operation and
    /// `file:line`), for an author at their own machine; otherwise with a generic message and
    /// the request's id, and the located error goes to the log only.
    public var isDevelopment = false
    /// The most connections open at once; past it, a new one is answered `503 Service
    /// Unavailable` (`Retry-After`, `Connection: close`) and closed (the server raises its
    /// limit on open files to the system's hard limit, and warns when that is too low).
    public var maxConnections = HubDefaults.Server.maxConnections
    /// How long a client may take to send a request, header fields and body, from the
    /// connection's start (or, on a kept-alive connection, from the first bytes of its next
    /// request); past it, the connection is closed.
    public var headerTimeout = Duration.seconds(HubDefaults.Server.headerTimeoutSeconds)
    /// How long a kept-alive connection may stay idle between requests before it is closed (a
    /// response being written, an update stream's included, is not idle).
    public var idleTimeout = Duration.seconds(HubDefaults.Server.idleTimeoutSeconds)
    /// How long what is sent to a client may stay unacknowledged (its machine or network
    /// vanished) or unsent (it reads nothing) before the connection is dropped, its update
    /// stream's slot freed with it: TCP's user timeout, counted by the kernel.
    public var clientTimeout = Duration.seconds(HubDefaults.Server.clientTimeoutSeconds)
    /// Worker threads, each with its own runtime (a Lua state is single-threaded): one per
    /// core by default.
    public var workers = HubDefaults.Server.workers
    /// Whether edited feature files are reloaded while the server runs, and the update
    /// streams sent the views they change.
    public var watch = false
    /// Whether watching polls the folders instead of using inotify.
    public var pollsForChanges = false
    /// The width views are laid out and previews drawn at, in cells.
    public var width = HubDefaults.width
    /// The largest request body taken, in bytes (larger ones get 413).
    public var maxBodyBytes = HubDefaults.Server.maxBodyBytes
    /// Milliseconds a request may take, from its arrival to its answer: past them it answers
    /// 504 (its screen goes, and whatever its operations still run).
    public var requestTimeout = HubDefaults.Server.requestTimeout
    /// The most requests each worker holds at once (queued, or waiting for their chains);
    /// more are refused at once with 503 and `Retry-After`.
    public var maxRequestsPerWorker = HubDefaults.Server.maxRequestsPerWorker
    /// The most update streams (and previews) each worker keeps open at once: the server keeps
    /// this many times ``workers``, and refuses more with 503.
    public var maxStreamsPerWorker = HubDefaults.Server.maxStreamsPerWorker
    /// Seconds between the comments sent on idle update streams, which keep them open and find
    /// out about clients that went away without closing their connections.
    public var pingInterval = HubDefaults.Server.pingIntervalSeconds
    /// Where the features' data is kept (`hub.store`), shared by every worker: a store in
    /// memory unless told otherwise (`hub serve` keeps it in a SQLite file by default).
    public var store: any Store = MemoryStore()
    /// Sets up each worker's runtime before its features load (memory, budget, time limits).
    public var prepareRuntime: @Sendable (HubRuntime) -> Void = { _ in }
    /// Where request logs go: by default standard error, as swift-log's `StreamLogHandler`
    /// writes it but from a thread of its own, past a bound dropping lines its reader does not
    /// take (``LogWriter``), whatever `LoggingSystem` was bootstrapped with; set a logger to use
    /// that.
    public var logger = Logger(label: "hub.serve", factory: ServerLogHandler.init(label:))
    /// Nanoseconds now, by which the views kept by their reload policies age (``ViewCache``):
    /// ``MonotonicTime/now``, unless a test moves time itself.
    var viewCacheClock: @Sendable () -> UInt64 = { MonotonicTime.now }
    /// Whether plain GETs of views are answered on their connections' event loops
    /// (``ViewAnswering``) rather than by the router: always, unless a test compares the two.
    var answersViewsOnTheEventLoop = true

    /// Serves the features of `featureFolders` with the defaults.
    public init(featureFolders: [String]) {
        self.featureFolders = featureFolders
    }
}
