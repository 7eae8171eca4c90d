/// Where a value is inside a JSON document: the keys and indices that lead to it from the root.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// One step down: a key of an object, or an index (0-based) of an array.
    public enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the root, in order; none for the root itself.
    public var steps: [Step]

    /// The pointer through `steps`.
    public init(_ steps: [Step] = []) {
        self.steps = steps
    }

    /// The pointer one `step` further down.
    public func appending(_ step: Step) -> JSONPointer {
        JSONPointer(steps + [step])
    }

    /// The steps as code reads them: `body[2].text.title`; `(root)` for the root.
    public var description: String {
        guard !steps.isEmpty else { return "(root)" }
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

/// What a walk over a JSON path records of where it is: nothing (``UntrackedTrail``), or a
/// ``JSONPointer``.
protocol JSONTrail {
    /// Steps down into `step`.
    mutating func enter(_ step: JSONPointer.Step)
    /// Steps back up out of the last step entered.
    mutating func leave()
}

/// A trail that records nothing: reading values costs no more than without one.
struct UntrackedTrail: JSONTrail {
    @inline(__always) mutating func enter(_ step: JSONPointer.Step) {}
    @inline(__always) mutating func leave() {}
}

extension JSONPointer: JSONTrail {
    mutating func enter(_ step: Step) {
        steps.append(step)
    }

    mutating func leave() {
        steps.removeLast()
    }
}
