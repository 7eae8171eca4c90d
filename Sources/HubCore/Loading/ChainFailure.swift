/// An operation's failure in the chain's last runs, once, where it first happened, and what
/// became of it: the view failed with it, or the next operation handed it silenced it or failed
/// with an error of its own. An operation that handed an earlier error on
/// (`ctx:fail(ctx.error)`) is not a failure of its own: the earlier one carries it on.
public struct ChainFailure: Equatable, Sendable, CustomStringConvertible {
    /// What became of a failure.
    public enum Outcome: Equatable, Sendable {
        /// It reached the end of the chain: the view failed with it.
        case failedTheView
        /// The operation named was handed it and finished normally: the chain went on without it.
        case silenced(by: String)
        /// The operation named was handed it and failed with an error of its own.
        case replaced(by: String)
        /// The operation handed it has not finished yet.
        case pending
    }

    /// The error, as the last operation that carried it on ended with it: located where it
    /// first happened, naming the operation that raised it, with where it was passed on.
    public var error: ContentError
    /// What became of it.
    public var outcome: Outcome

    public init(error: ContentError, outcome: Outcome) {
        self.error = error
        self.outcome = outcome
    }

    /// What became of it, in words: `the view failed with it`, `operation 'banner' was handed
    /// it and finished normally, so the chain went on without it`, …
    public var outcomeDescription: String {
        switch outcome {
        case .failedTheView: "the view failed with it"
        case .silenced(let operation):
            "operation '\(operation)' was handed it and finished normally, so the chain went on without it"
        case .replaced(let operation): "operation '\(operation)' was handed it and failed with an error of its own"
        case .pending: "the operation handed it has not finished"
        }
    }

    public var description: String { "\(error); \(outcomeDescription)" }

    /// The failures of `statuses`, the chain's operations in order, and `silenced`, the failure
    /// each silenced in its last run (nil where none), as ``ViewModelLoader/failures`` says.
    static func failures(of statuses: [ContentOperationStatus], silenced: [ChainFailure?]) -> [ChainFailure] {
        var failures: [ChainFailure] = []
        var index = 0
        while index < statuses.count {
            defer { index += 1 }
            guard var error = statuses[index].error else { continue }
            let origin = statuses[index].name
            // Follow it while the next operations hand it on.
            while index + 1 < statuses.count, let next = statuses[index + 1].error, next.isHandedOn(from: error) {
                error = next
                index += 1
            }
            error.operation = origin
            let outcome: Outcome
            if index + 1 == statuses.count {
                outcome = .failedTheView
            } else if silenced[index + 1] != nil {
                outcome = .silenced(by: statuses[index + 1].name)
            } else if statuses[index + 1].error != nil {
                outcome = .replaced(by: statuses[index + 1].name)
            } else {
                outcome = .pending
            }
            failures.append(ChainFailure(error: error, outcome: outcome))
        }
        return failures
    }
}

extension ContentError {
    /// Whether this is `earlier` handed on by a later operation: the same error, passed on once
    /// more.
    func isHandedOn(from earlier: ContentError) -> Bool {
        passedOn.count > earlier.passedOn.count && domain == earlier.domain && code == earlier.code
            && message == earlier.message && location == earlier.location
    }
}
