import HubCore
package import LuaBridge

/// An error Lua raised outside any feature's operation, component or action: a mistake in a
/// feature folder's scripts found while loading it (``LoadFailure``), a script run by
/// ``HubRuntime/runScript(at:)`` that failed, or a runtime that could not start its Lua state
/// (not enough memory).
public struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, without where.
    public let message: String
    /// Where, when Lua said.
    public let location: FileLocation?
    /// Lua's stack traceback, when one was taken.
    public let traceback: String?

    /// The error Lua raised as `error`.
    package init(_ error: LuaError) {
        message = error.message
        location = error.location.flatMap(FileLocation.init(parsing:))
        traceback = error.traceback
    }

    /// An error that no script raised (what a tool was asked for does not exist): `message`,
    /// nowhere.
    package init(message: String) {
        self.message = message
        location = nil
        traceback = nil
    }

    /// `file:line: message`, as Lua words an error.
    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }
}
