/// Every default Hub starts from when nothing says otherwise, in one place: the size views are
/// laid out at, the limits scripts run under, and how `hub serve` serves. The types that take
/// these values (`ScreenOptions`, `RenderOptions`, `HubRuntime`, `ContentOperationLimits`,
/// `HubServerConfiguration`) start from them, and the `hub` command's help states them by
/// reading them here.
public enum HubDefaults {
    /// Columns a view is laid out in: when no width is given and the output is not a terminal.
    public static let width = 80
    /// Cells the default layout manager leaves between components and around them.
    public static let margin = 1
    /// Screens a stack of screens holds (`hub.open`'s, a live session's, `hub watch`'s): opening
    /// one more closes the first, as a browser's history forgets its oldest pages.
    public static let stackDepth = 50

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
    }
}
