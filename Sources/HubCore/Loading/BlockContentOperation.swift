/// A content operation made of a closure, which is run and then finished at once.
public final class BlockContentOperation: ContentOperation {
    public let name: String
    private let block: (ContentOperationContext) -> Void

    /// An operation named `name` that runs `block` with each run's context.
    public init(name: String = "block", _ block: @escaping (ContentOperationContext) -> Void) {
        self.name = name
        self.block = block
    }

    public func perform(_ context: ContentOperationContext) {
        block(context)
        context.finish()
    }
}
