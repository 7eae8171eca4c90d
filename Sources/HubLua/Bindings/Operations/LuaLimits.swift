import HubCore
internal import LuaBridge

/// The limits a `hub.feature` or `hub.operation` table may set: `timeout` (milliseconds a run
/// may take), `max_reschedules` (consecutive self-reschedules) and `budget` (instructions one
/// run may use, across all its resumes and callbacks). An operation's own win over its
/// feature's; either may lower the runtime's limits, never lift them.
struct LuaLimits {
    /// The loader's limits: `timeout` and `max_reschedules`.
    var operation = ContentOperationLimits()
    /// `budget`; nil: the runtime's.
    var budget: Int?

    /// The keys the limits are read from.
    static let keys = ["timeout", "max_reschedules", "budget"]

    init() {}

    /// The limits set in the table at `table`; each must be a positive integer.
    init(_ stack: LuaStack, table: Int32, owner: String) throws {
        operation.timeout = try Self.positiveInteger(stack, table, "timeout", owner: owner)
        operation.maximumConsecutiveReschedules = try Self.positiveInteger(stack, table, "max_reschedules", owner: owner)
        budget = try Self.positiveInteger(stack, table, "budget", owner: owner)
    }

    /// These limits, with `defaults`' values where these have none.
    func merged(over defaults: LuaLimits) -> LuaLimits {
        var merged = LuaLimits()
        merged.operation = operation.merged(over: defaults.operation)
        merged.budget = budget ?? defaults.budget
        return merged
    }

    private static func positiveInteger(_ stack: LuaStack, _ table: Int32, _ key: String, owner: String) throws -> Int? {
        guard let value = try stack.integerField(table, key) else { return nil }
        guard value > 0 else { throw LuaRaise(message: "\(owner): '\(key)' must be a positive integer, got \(value)") }
        return value
    }
}
