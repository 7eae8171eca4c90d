/// Problems found while running scripts that stopped nothing (a component that failed to draw,
/// an observer or a predicate that raised), in the order they happened.
final class ProblemLog {
    private(set) var entries: [String] = []

    /// Records `message`.
    func report(_ message: String) {
        entries.append(message)
    }

    /// What `body` returns; nil when it throws, and then the error is recorded as
    /// `context: error`.
    func attempt<Result>(_ context: String, _ body: () throws -> Result?) -> Result? {
        do {
            return try body()
        } catch {
            report("\(context): \(error)")
            return nil
        }
    }
}
