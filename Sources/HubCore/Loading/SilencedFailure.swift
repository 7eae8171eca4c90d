/// An operation's failure that a later operation silenced: it was handed the error
/// (`ctx.error`) and finished normally, so the chain went on as if nothing had failed, as Hub
/// Framework's chain does. The author must still see it.
public struct SilencedFailure: Equatable, Sendable, CustomStringConvertible {
    /// The failure, located (feature, operation, `file:line`).
    public var error: ContentError
    /// The operation that was handed it and finished normally.
    public var silencedBy: String

    public init(error: ContentError, silencedBy: String) {
        self.error = error
        self.silencedBy = silencedBy
    }

    /// As ``ChainFailure`` says it: `message — feature …; operation 'banner' was handed it and
    /// finished normally, so the chain went on without it`.
    public var description: String {
        ChainFailure(error: error, outcome: .silenced(by: silencedBy)).description
    }
}
