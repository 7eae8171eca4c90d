/// What the loader knows about one operation of its chain, for tools and tests.
public struct ContentOperationStatus: Equatable, Sendable {
    /// Where an operation's runs stand.
    public enum Phase: String, Sendable {
        /// Not run yet.
        case idle
        /// Queued behind the operations before it: its next run has not started.
        case queued
        /// Its run has started and not finished yet.
        case running
        /// Its last run finished.
        case finished
        /// Its last run failed.
        case failed
    }

    /// The operation's name.
    public var name: String
    /// Where the operation's runs stand.
    public var phase: Phase
    /// The error of its last run, if it failed.
    public var error: ContentError?
    /// How many runs (main and pagination) it has started.
    public var runs: Int
    /// Wall-clock milliseconds its last completed run took, from start to finish or failure
    /// (waits included); nil before one completed.
    public var lastRunMilliseconds: Double?
    /// The work its last run reported through its context (``ContentOperationContext/record(work:)``),
    /// in the operation's own unit (a Lua operation's: the instructions its budget counted); nil
    /// when it reported none.
    public var lastRunWork: Int?

    /// The status of an operation `name` in `phase`, after `runs` runs.
    public init(
        name: String, phase: Phase, error: ContentError? = nil, runs: Int, lastRunMilliseconds: Double? = nil,
        lastRunWork: Int? = nil
    ) {
        self.name = name
        self.phase = phase
        self.error = error
        self.runs = runs
        self.lastRunMilliseconds = lastRunMilliseconds
        self.lastRunWork = lastRunWork
    }
}
