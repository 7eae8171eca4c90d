import HubCore
import HubRender
import LuaBridge

/// A feature folder that failed to load. Whatever it had registered before the error was
/// rolled back, so the others load and work as if it were not there.
public struct LoadFailure: CustomStringConvertible, Sendable {
    /// The folder, as errors name it.
    public let folder: String
    /// The folder's absolute path.
    let path: String
    /// The error, with its `file:line`: the first mistake found in the folder.
    public let error: String
    /// The mistakes found after it, each with its `file:line`, when the runtime looked for
    /// every mistake (``HubRuntime/isChecking``); empty otherwise.
    public var laterErrors: [String] = []

    /// Every mistake found in the folder, in order: ``error``, then ``laterErrors``.
    public var errors: [String] { [error] + laterErrors }

    /// `message — feature folder 'books' did not load, feature.lua:9`: what went wrong first,
    /// located relative to the folder.
    public var description: String {
        let (location, message) = LuaError.splitLocation(error)
        return ProblemLine.text(message, context: ["feature folder '\(folder)' did not load"], location: location, folder: folder)
    }
}

/// Why a screen could not be opened, saying so when the feature it needs failed to load.
public struct OpenError: Error, CustomStringConvertible, Sendable {
    /// The manager's reason.
    public let reason: ScreenOpeningError
    /// The reason, and the load failures that explain it.
    public let description: String
}
