/// What the loader knows about one operation of its chain, for tools and tests.
public struct ContentOperationStatus: Equatable, Sendable {
    /// Where an operation's runs stand.
    public enum Phase: String, Sendable {
        /// Not run yet.
        case idle
        /// Queued or running and not finished yet.
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
}
