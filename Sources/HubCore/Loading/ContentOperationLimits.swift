/// How long a content operation's run may take and how often it may reschedule itself. An
/// operation's own limits (nil fields) fall back on its loader's, which come from the manager.
public struct ContentOperationLimits: Sendable, Equatable {
    /// Milliseconds a run may take before it fails with a timeout error (a late finish or fail
    /// is ignored); nil: no timeout.
    public var timeout: Int?
    /// How many times in a row an operation's runs may reschedule it with nothing from outside
    /// (a delivered load, a reload, a page, an action, a change of connectivity, an outside
    /// reschedule) in between; a run that waited on a timer first is still the same run. The
    /// next request fails the run instead. nil: no cap.
    public var maximumConsecutiveReschedules: Int?

    /// Limits with the given values; nil fields fall back on the defaults they are merged over.
    public init(timeout: Int? = nil, maximumConsecutiveReschedules: Int? = nil) {
        self.timeout = timeout
        self.maximumConsecutiveReschedules = maximumConsecutiveReschedules
    }

    /// Hub's defaults: ``HubDefaults/Limits/operationTimeout`` (10 s) and at most
    /// ``HubDefaults/Limits/consecutiveReschedules`` (1,000) consecutive self-reschedules.
    public static let standard = ContentOperationLimits(
        timeout: HubDefaults.Limits.operationTimeout, maximumConsecutiveReschedules: HubDefaults.Limits.consecutiveReschedules)

    /// These limits, with `defaults`' values where these have none.
    public func merged(over defaults: ContentOperationLimits) -> ContentOperationLimits {
        ContentOperationLimits(
            timeout: timeout ?? defaults.timeout,
            maximumConsecutiveReschedules: maximumConsecutiveReschedules ?? defaults.maximumConsecutiveReschedules)
    }

    /// These limits where they are stricter than `ceiling`'s, `ceiling`'s elsewhere: an
    /// operation may lower its loader's limits, never lift them.
    public func within(_ ceiling: ContentOperationLimits) -> ContentOperationLimits {
        ContentOperationLimits(
            timeout: Self.stricter(timeout, ceiling.timeout),
            maximumConsecutiveReschedules: Self.stricter(maximumConsecutiveReschedules, ceiling.maximumConsecutiveReschedules))
    }

    /// The smaller of two limits, where nil is no limit.
    public static func stricter(_ own: Int?, _ ceiling: Int?) -> Int? {
        guard let own, let ceiling else { return own ?? ceiling }
        return min(own, ceiling)
    }
}
