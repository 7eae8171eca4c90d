/// What a ``RuntimeThread`` holds: made on the thread, and touched only there.
package protocol RuntimeThreadState: AnyObject, SendableMetatype {
    /// The runtime the thread owns.
    var runtime: HubRuntime { get }
    /// Milliseconds until the state next has something to do by itself (the runtime's next
    /// timer, a wait's deadline; 0: now); nil when nothing is due.
    var millisecondsToNextTimer: Int? { get }
    /// Runs what fell due, after each batch of jobs and each wake-up: the loop's timers and what
    /// other threads delivered, then whatever waits on them.
    func runDueTimers()
    /// The thread ends: ends every wait, lets go of what it holds.
    func close()
}

/// What a job gets when its thread stopped before running it.
package struct RuntimeThreadStopped: Error, CustomStringConvertible {
    package init() {}
    package var description: String { "the runtime's thread has stopped" }
}
