/// What a ``ViewModelLoader`` keeps for one operation of its chain: what its last run received
/// and left, where its runs stand, how often it rescheduled itself in a row, and its run under
/// way. The loader holds one per operation, in chain order, and changes them in place.
struct OperationSlot {
    /// The builder's state its last run ended with: the next operation's input.
    var output: ViewModelBuilderSnapshot?
    /// The input its last run received: where a reschedule starts it again.
    var input: ViewModelBuilderSnapshot?
    /// Its name, phase, run count, last run time, and the error its last run ended with (the
    /// next operation's previous error).
    var status: ContentOperationStatus
    /// Reschedules it asked for while the queue was draining, since the queue was last empty.
    var consecutiveReschedules = 0
    /// When its current (or last) run started, a ``MonotonicTime`` reading; nil before its
    /// first run.
    var runStart: UInt64?
    /// The timeout watchdog of its run under way, if any.
    var timeout: HubEventLoop.TimerID?
    /// The failure its last run silenced (it was handed an earlier operation's error and
    /// finished normally), if any.
    var silenced: ChainFailure?

    /// The slot of an operation `name` that has not run.
    init(name: String) {
        status = ContentOperationStatus(name: name, phase: .idle, error: nil, runs: 0)
    }

    /// The error its last run ended with.
    var error: ContentError? { status.error }
}
