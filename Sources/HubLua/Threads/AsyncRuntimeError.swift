/// Why an ``AsyncHubRuntime`` could not be made, or could not take a call.
public enum AsyncRuntimeError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The runtime's clock is virtual: on a thread of its own, nothing would ever pass its time.
    case virtualClock
    /// `waitingJobs` calls were already waiting for the runtime's thread, its limit (see
    /// ``AsyncHubRuntime/init(waitingLimit:_:)``): the call was refused at once, and nothing
    /// of it ran. Worth trying again once the runtime has caught up.
    case busy(waitingJobs: Int)

    public var description: String {
        switch self {
        case .virtualClock: "an AsyncHubRuntime runs on real time: make its HubRuntime with clock: .real"
        case .busy(let waiting):
            "the runtime is busy: \(waiting) calls are waiting for its thread already, its limit; try again shortly"
        }
    }
}
