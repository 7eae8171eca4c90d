import HubCore
import HubRender

/// A feature folder that failed to load. Whatever it had registered before the error was
/// rolled back, so the others load and work as if it were not there.
public struct LoadFailure: Equatable, CustomStringConvertible, Sendable {
    /// The folder, as errors name it.
    public let folder: String
    /// The folder's absolute path.
    package let path: String
    /// The first mistake found in the folder (a syntax error, an error `feature.lua` raised, a
    /// module that failed, a feature id another folder declared too), with its location.
    public let error: ScriptError
    /// The mistakes found after it, when the runtime looked for every mistake (as `hub check`
    /// does); empty otherwise.
    public let laterErrors: [ScriptError]

    init(folder: String, path: String, error: ScriptError, laterErrors: [ScriptError] = []) {
        self.folder = folder
        self.path = path
        self.error = error
        self.laterErrors = laterErrors
    }

    /// Every mistake found in the folder, in order: ``error``, then ``laterErrors``.
    public var errors: [ScriptError] { [error] + laterErrors }

    /// `message — feature folder 'books' did not load, feature.lua:9`: what went wrong first,
    /// located relative to the folder.
    public var description: String {
        ProblemLine.text(
            error.message, context: ["feature folder '\(folder)' did not load"], location: error.location?.description,
            folder: folder)
    }
}

/// Why a screen could not be opened, saying so when the feature it needs failed to load.
public struct OpenError: Error, CustomStringConvertible, Sendable {
    /// The manager's reason.
    public let reason: ScreenOpeningError
    /// The load failures that explain it: the folder whose feature would have opened the view,
    /// or, when none would have, every folder that failed (one might have); empty when the
    /// reason is not a missing feature or no folder failed.
    public let loadFailures: [LoadFailure]
    /// The reason, and the load failures that explain it.
    public let description: String
}
