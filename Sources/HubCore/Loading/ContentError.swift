/// An error from content loading: a failed operation, malformed JSON, a broken script.
///
/// It says where it happened (feature, operation, `file:line`) so an author can find it. A
/// Swift error a content operation failed with (``ContentOperationContext/fail(_:)``) stays
/// reachable as ``underlying``.
///
/// Two content errors are equal when their fields are; their ``underlying`` errors, which need
/// not be `Equatable`, are compared by type and description.
public struct ContentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error's domain, e.g. `hub.json` or `hub.lua`; authors may choose their own.
    public var domain: String
    /// A code within the domain.
    public var code: Int
    /// What went wrong, without the location prefix.
    public var message: String
    /// `file:line` of the code that raised the error, when known.
    public var location: String?
    /// The feature whose view was loading.
    public var feature: String?
    /// The content operation that failed.
    public var operation: String?
    /// The action that failed (`namespace:name`, or `selection`), when an action did.
    public var action: String?
    /// The Lua traceback, when the error came from a script.
    public var traceback: String?
    /// The `file:line`s where later code handed the error on (`ctx:fail(ctx.error)`,
    /// `error(ctx.error)`), earliest first; `location` stays where it first happened.
    public var passedOn: [String] = []
    /// The feature folder as errors name it (`Examples/Cities`): ``description`` shows the
    /// locations inside it relative to it; ``location`` keeps the whole path.
    public var folder: String?
    /// The Swift error this one stands for, when a Swift operation or action failed with an
    /// error that is not a content error; ``message`` is its description.
    public var underlying: (any Error)? {
        get { underlyingError?.error }
        set { underlyingError = newValue.map(UnderlyingError.init) }
    }
    private var underlyingError: UnderlyingError?

    /// An error in `domain`; the location, feature, operation and traceback are optional.
    public init(
        domain: String, code: Int = 0, message: String, location: String? = nil,
        feature: String? = nil, operation: String? = nil, traceback: String? = nil
    ) {
        self.domain = domain
        self.code = code
        self.message = message
        self.location = location
        self.feature = feature
        self.operation = operation
        self.traceback = traceback
    }

    /// What went wrong first, then who and where, so that the cause shows at 80 columns:
    /// `message — feature 'cities', operation 'rows', operations/rows.lua:12, passed on at
    /// operations/after.lua:3` (or `action 'todo:add'`), leaving out what is unknown; paths
    /// inside ``folder`` relative to it.
    public var description: String {
        var context: [String] = []
        if let feature { context.append("feature '\(feature)'") }
        if let operation { context.append("operation '\(operation)'") }
        if let action { context.append("action '\(action)'") }
        return ProblemLine.text(message, context: context, location: location, passedOn: passedOn, folder: folder)
    }

    /// ``location`` as a value: file, line (and column).
    public var fileLocation: FileLocation? {
        location.flatMap(FileLocation.init(parsing:))
    }

    /// ``description`` with every path whole, as a server's log and development details give it.
    public var fullDescription: String {
        var whole = self
        whole.folder = nil
        return whole.description
    }

    /// `error` as a content error: itself when it is one, otherwise one that keeps it as
    /// ``underlying`` (a JSON parse error in domain `hub.json`, any other in domain `hub`).
    public static func from(_ error: any Error) -> ContentError {
        if let error = error as? ContentError { return error }
        var wrapped = (error as? JSONParseError)?.contentError(source: nil) ?? ContentError(domain: "hub", message: String(describing: error))
        wrapped.underlying = error
        return wrapped
    }

    /// This error naming `feature`, `operation`, `action` and `folder` where it names none:
    /// what the loader (or the action dispatcher) knows of a Swift operation (or action) that
    /// failed with an error that did not say.
    func naming(feature: String?, operation: String? = nil, action: String? = nil, folder: String? = nil) -> ContentError {
        var named = self
        named.feature = named.feature ?? feature
        named.operation = named.operation ?? operation
        named.action = named.action ?? action
        named.folder = named.folder ?? folder
        return named
    }
}

/// A Swift error kept by a content error, compared by type and description.
private struct UnderlyingError: Equatable, Sendable {
    let error: any Error

    static func == (lhs: UnderlyingError, rhs: UnderlyingError) -> Bool {
        ObjectIdentifier(type(of: lhs.error)) == ObjectIdentifier(type(of: rhs.error))
            && String(describing: lhs.error) == String(describing: rhs.error)
    }
}

/// The error domain and codes of JSON content errors.
public enum JSONDomain {
    /// The domain of JSON content errors.
    public static let name = "hub.json"
    /// The JSON data was empty.
    public static let emptyData = 0
    /// The JSON was malformed, or its top level had the wrong type.
    public static let invalidJSON = 1
}

extension ContentError {
    /// The codes of the errors Hub raises itself, in domain `hub`.
    public enum Code {
        /// A run took longer than its timeout.
        public static let timeout = 1
        /// An operation rescheduled itself more times in a row than its limit allows.
        public static let rescheduleLimit = 2
    }
}
