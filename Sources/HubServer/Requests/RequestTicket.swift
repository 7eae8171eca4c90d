import HubCore

/// What a worker knows of a request it answers besides what it asks: its number, when it must
/// be answered by, and how to hear that its client went away.
struct RequestTicket: Sendable {
    /// The request's number in its server (unique while the server runs).
    let number: Int
    /// When the request must be answered by (a ``MonotonicTime`` reading): past it, 504.
    let deadline: UInt64
    /// How its worker hears that its client went away; nil: it never does.
    let watch: ClientWatch?

    /// Milliseconds left until the deadline (0 once it has passed).
    var millisecondsLeft: Int {
        Int(MonotonicTime.nanoseconds(until: deadline) / 1_000_000)
    }
}
