/// Every default Hub starts from when nothing says otherwise, in one place: the size views are
/// laid out at, the limits scripts run under, what a feature may fetch and keep, how `hub serve`
/// serves and how `hub profile` samples. The types that take these values (`ScreenOptions`,
/// `RenderOptions`, `HubRuntime`, `HubManager`, `ContentOperationLimits`, `HTTPPolicy`,
/// `HTTPCache`, `StoreLimits`, the stores, `HubServerConfiguration`, `AsyncHubRuntime`) start
/// from them, the `hub` command's help states them by reading them here, and the docs state
/// them as they are here (a test compares).
public enum HubDefaults {
    /// Columns a view is laid out in: when no width is given and the output is not a terminal.
    public static let width = 80
    /// Cells the default layout manager leaves between components and around them.
    public static let margin = 1
    /// Screens a stack of screens holds (`hub.open`'s, a live session's, `hub watch`'s): opening
    /// one more closes the first, as a browser's history forgets its oldest pages.
    public static let stackDepth = 50
    /// Events a screen's event log (`s.events`) keeps: past them, the oldest half is dropped.
    public static let screenEvents = 1_000
    /// Distinct problems a runtime's `problems` keeps (a server never clears them; it logs each
    /// as it happens): past them, the oldest half is forgotten.
    public static let problemsKept = 1_000

    /// The limits scripts run under (docs/limits.md).
    public enum Limits {
        /// Bytes of memory scripts may make a runtime hold: 256 MiB.
        public static let memory = 256 << 20
        /// Instructions a script may run per call, and an operation per run (across all its
        /// resumes and callbacks), before it fails with "instruction budget exceeded": about a
        /// second of work.
        public static let instructionBudget = 200_000_000
        /// Wall-clock milliseconds a script may run without returning or yielding before it
        /// fails with "time limit exceeded": 10 s, far above what the instruction budget allows
        /// for ordinary code, a backstop for work no count measures.
        public static let timeLimit = 10_000
        /// Milliseconds a content operation's run may take before it fails with a timeout: 10 s.
        public static let operationTimeout = 10_000
        /// Milliseconds of the loop's time that opening a screen (`hub.open`, `hub render`)
        /// waits, at most, for its first load: 30 s. A view whose operations keep rescheduling
        /// themselves on timers never finishes loading; the screen shows what it has by then.
        public static let settleTimeout = 30_000
        /// Times in a row an operation may reschedule itself with nothing else happening.
        public static let consecutiveReschedules = 1_000
        /// Actions one selection may chain to in a row (`ctx:chain`), each performed when the
        /// one before ends.
        public static let chainedActions = 100
        /// `hub.after` callbacks one feature folder may have waiting at once.
        public static let waitingCallbacks = 1_000
        /// `hub.after` callbacks one feature folder may schedule in a second of its loop's clock.
        public static let callbacksPerSecond = 1_000
        /// Milliseconds of the loop's clock in which one feature folder's `hub.after` callbacks
        /// together may run one instruction budget: a minute.
        public static let callbackBudgetWindow = 60_000
    }

    /// How `hub serve` serves (`HubServerConfiguration` starts from these). Its `workers`, one
    /// per core the process may run on, is HubServer's: it reads the process's CPU affinity,
    /// which HubCore, doing no I/O, does not.
    public enum Server {
        /// The address to bind: loopback.
        public static let host = "127.0.0.1"
        /// The port to bind.
        public static let port = 8080
        /// The most connections open at once: room for the update streams of two workers and
        /// the requests beside them.
        public static let maxConnections = 4_096
        /// Seconds a client may take to send a request's header fields.
        public static let headerTimeoutSeconds = 10
        /// Seconds a kept-alive connection may stay idle between requests.
        public static let idleTimeoutSeconds = 60
        /// Seconds what is sent to a client may stay unacknowledged, or unsent because the
        /// client reads nothing, before its connection is dropped.
        public static let clientTimeoutSeconds = 10
        /// The largest request body taken, in bytes: 64 KiB.
        public static let maxBodyBytes = 64 << 10
        /// Milliseconds a request may take, from its arrival to its answer.
        public static let requestTimeout = 10_000
        /// The most requests each worker holds at once (queued, or waiting for their chains).
        public static let maxRequestsPerWorker = 256
        /// The most update streams (and previews) each worker keeps open at once.
        public static let maxStreamsPerWorker = 1_024
        /// The most views the server keeps for their reload policies.
        public static let viewCacheCapacity = 1_024
        /// The most bytes those views may take, each counted as its JSON and as much again for
        /// its model: 64 MiB.
        public static let viewCacheBytes = 64 << 20
        /// Seconds between the comments sent on idle update streams.
        public static let pingIntervalSeconds = 5
        /// Where `hub serve` keeps the store unless told otherwise: a SQLite file every worker
        /// shares, which survives restarts.
        public static let storePath = "./.hub/store.sqlite"
        /// The least severe log records written: `info` (trace, debug, info, notice, warning,
        /// error or critical).
        public static let logLevel = "info"
        /// Bytes of log lines that may wait for a reader that falls behind (a paused terminal, a
        /// pipe nobody drains) before lines are dropped: 4 MiB.
        public static let logBacklogBytes = 4 << 20
        /// Seconds `hub serve` waits, at most, for the log lines still waiting to be written
        /// before it exits.
        public static let logFlushSeconds = 5
    }

    /// What a feature's requests (`hub.http`) may do unless its `hub.feature` or the request
    /// says otherwise (`HTTPPolicy` starts from these), and the cache they share.
    public enum HTTP {
        /// The largest response body taken, in bytes: 8 MiB (`max_response` in `hub.feature`).
        public static let maxResponseBytes = 8 << 20
        /// Milliseconds a request may take, redirects and body included: 10 s (a request's
        /// `timeout` may ask for less).
        public static let timeout = 10_000
        /// Requests one operation or action run may have in flight at once; more wait their turn.
        public static let maxInFlight = 16
        /// Redirects followed before a request fails.
        public static let maxRedirects = 5
        /// Bytes of responses (bodies plus headers) the HTTP cache of a runtime, or of all the
        /// workers of `hub serve`, holds: 32 MiB.
        public static let cacheBytes = 32 << 20
    }

    /// What a feature may keep in `hub.store` unless its `hub.feature` says otherwise
    /// (`StoreLimits` starts from these), and how the stores wait on their backends.
    public enum Store {
        /// The largest value, in bytes of its JSON: 1 MiB (`store = { max_value = N }`).
        public static let maxValueBytes = 1 << 20
        /// The most keys a feature's namespace holds (`store = { max_keys = N }`).
        public static let maxKeys = 10_000
        /// The keys one `list` call returns unless it asks for another number (`limit`).
        public static let listPage = 100
        /// Seconds a SQLite store waits for another process's write to end before a call fails
        /// as busy (`SQLiteStore(path:busyTimeout:)`).
        public static let sqliteBusyTimeoutSeconds = 5
        /// Connections a PostgreSQL store's calls use at once; more wait their turn
        /// (`PostgresStore(url:maxConnections:)`).
        public static let postgresConnections = 4
        /// Seconds making a PostgreSQL connection may take.
        public static let postgresConnectTimeoutSeconds = 5
        /// Seconds a PostgreSQL call may take, waiting for a connection included, before it fails
        /// as unavailable.
        public static let postgresCallTimeoutSeconds = 10
    }

    /// How an app that embeds Hub runs it on a thread of its own (`AsyncHubRuntime`).
    public enum Embedding {
        /// Calls that may wait for an `AsyncHubRuntime`'s thread at once; past them a call is
        /// refused as busy at once.
        public static let waitingCalls = 1_024
    }

    /// How `hub profile` and `s:profile` sample what runs.
    public enum Profile {
        /// Instructions the budget counts between two samples (`--every`, `every = N`).
        public static let period = 1_000
        /// The functions, and the lines, a profile's table lists (`--top`).
        public static let rows = 15
    }
}
