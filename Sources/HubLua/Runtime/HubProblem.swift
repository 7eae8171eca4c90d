import HubCore

/// Something that went wrong while scripts ran and stopped nothing: a component that failed to
/// draw, an action that failed with no caller to take its error, an operation's failure that
/// no chain took or that the next operation silenced, a `hub.after` callback or a function a
/// script handed Hub that raised, a view whose chain reran too often. ``HubRuntime/problems``
/// lists them; ``HubRuntime/onProblem`` is told of each.
public struct HubProblem: Equatable, Sendable, CustomStringConvertible {
    /// What kind of thing went wrong.
    public enum Kind: Equatable, Hashable, Sendable {
        /// A component's `render` or `size` raised, or returned what it must not; the fallback
        /// for its category drew it.
        case component
        /// An action failed and nothing that performed it took its error (a tap on a screen
        /// with no request or test waiting for it).
        case action
        /// An operation's run failed when no chain could take the error: its `initial` or
        /// `on_action` raised, or it raised after its run had ended (timed out).
        case operation
        /// An operation failed and the next one, handed its error, finished normally: the chain
        /// went on without it.
        case silenced
        /// A `hub.after` callback raised.
        case callback
        /// A function a script handed Hub raised: a feature's `uri_match` or `reload_policy`, a
        /// schema path's, or a `hub.actions` or `hub.components` resolver.
        case hook
        /// Changes of the store made a view's chain rerun too often; it is slowed down.
        case storeChanges
        /// A response `hub.http` answered stale could not be revalidated, in the background
        /// (`stale-while-revalidate`) or at the call (`stale-if-error`): the stale one answers.
        case revalidation
    }

    /// What kind of thing went wrong.
    public let kind: Kind
    /// What went wrong, without who or where.
    public let message: String
    /// The feature it happened in, when known.
    public let feature: String?
    /// What failed: the component (`namespace:name`), the action (`namespace:name`, or
    /// `selection`), the operation, the function (`uri_match`, `reload_policy`, the schema path,
    /// the resolver's namespace) or the view (its URI, for ``Kind/storeChanges``); nil for a
    /// `hub.after` callback, and for a revalidation asked for outside an operation.
    public let identifier: String?
    /// Where it happened (the file as Lua names it), when known.
    public let location: FileLocation?
    /// The feature folder it happened in, as errors name it, when known.
    public let folder: String?
    /// The content error, for an action's or an operation's failure.
    public let error: ContentError?
    /// The problem on one line, message first: `cannot draw — component 'bad:one', render,
    /// feature.lua:1`; what `hub render` prints and a server logs.
    public let description: String

    init(
        _ kind: Kind, message: String, feature: String? = nil, identifier: String?, location: String?, folder: String?,
        error: ContentError? = nil, description: String
    ) {
        self.kind = kind
        self.message = message
        self.feature = feature
        self.identifier = identifier
        self.location = location.flatMap(FileLocation.init(parsing:))
        self.folder = folder
        self.error = error
        self.description = description
    }
}
