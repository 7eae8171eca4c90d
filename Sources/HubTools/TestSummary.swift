/// The outcome of `hub test`.
public struct TestSummary: Equatable, Sendable {
    /// The number of test cases that passed.
    public var passed: Int
    /// The number of test cases that failed, plus test files that failed to run.
    public var failed: Int
    /// The number of test cases the filter left out.
    public var skipped: Int

    /// `passed` cases passed, `failed` failed and `skipped` were left out.
    public init(passed: Int, failed: Int, skipped: Int = 0) {
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
    }

    /// `N passed, N failed`.
    public var line: String { "\(passed) passed, \(failed) failed" }
}
