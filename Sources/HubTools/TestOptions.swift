/// How `hub test` runs the features' tests.
public struct TestOptions: Equatable, Sendable {
    /// Runs only the cases whose name contains this text; nil runs all.
    public var filter: String?
    /// Whether `hub.expect_render` writes a missing or different golden file (and the case
    /// passes) instead of failing.
    public var updatesGoldenFiles: Bool
    /// Whether each case's line ends with the time it took, ` (3 ms)` (times differ from run to
    /// run, so it is off unless asked for).
    public var showsTimes: Bool

    /// Options that run every case, never write golden files and show no times unless told.
    public init(filter: String? = nil, updatesGoldenFiles: Bool = false, showsTimes: Bool = false) {
        self.filter = filter
        self.updatesGoldenFiles = updatesGoldenFiles
        self.showsTimes = showsTimes
    }
}
