/// Creates a view's content operations; called once per view, so operations are fresh per view.
public protocol ContentOperationFactory {
    /// The content operations for the view `viewURI`, in chain order.
    func createContentOperations(forViewURI viewURI: String) -> [any ContentOperation]
}

/// A content operation factory made of a closure.
public struct BlockContentOperationFactory: ContentOperationFactory {
    private let block: (String) -> [any ContentOperation]

    /// A factory that calls `block` with the view URI.
    public init(_ block: @escaping (String) -> [any ContentOperation]) {
        self.block = block
    }

    public func createContentOperations(forViewURI viewURI: String) -> [any ContentOperation] {
        block(viewURI)
    }
}
