/// An immutable reference to a value, to let value types nest recursively.
final class Box<Value: Sendable & Equatable>: Sendable, Equatable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    static func == (lhs: Box, rhs: Box) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }
}
