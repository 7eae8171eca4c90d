import HubCore
import Testing
@testable import HubLua

/// A runtime that is never cleared (a server's) keeps a bounded list of problems: distinct
/// problems past its capacity forget the oldest half, and repeats are still told.
@Suite struct ProblemLogTests {
    /// A problem worded by `number`, as revalidations of ever new URLs failing make.
    private static func problem(_ number: Int) -> HubProblem {
        .revalidation("miss \(number)", feature: "feed", operation: "rows", location: nil, folder: nil)
    }

    private static func numbers(_ log: ProblemLog) -> [String] {
        log.entries.map(\.message)
    }

    @Test func aRuntimeKeepsHubDefaultsProblemsKept() {
        #expect(ProblemLog().capacity == HubDefaults.problemsKept)
    }

    @Test func pastItsCapacityTheOldestHalfIsForgottenAndEveryReportIsStillTold() {
        let log = ProblemLog(capacity: 4)
        var told = 0
        log.onReport = { _ in told += 1 }
        (1...4).forEach { log.report(Self.problem($0)) }
        log.report(Self.problem(2))
        #expect(Self.numbers(log) == ["miss 1", "miss 2", "miss 3", "miss 4"], "a repeat is kept once")

        log.report(Self.problem(5))
        #expect(Self.numbers(log) == ["miss 3", "miss 4", "miss 5"], "the oldest two went to make room")
        log.report(Self.problem(1))
        log.report(Self.problem(4))
        #expect(Self.numbers(log) == ["miss 3", "miss 4", "miss 5", "miss 1"], "a forgotten problem is recorded again, a kept one not")
        #expect(told == 8, "the server's log hears of every report, repeats included")
    }

    @Test func aThousandDistinctProblemsAndMoreStayWithinTheBound() {
        let log = ProblemLog()
        (1...10_000).forEach { log.report(Self.problem($0)) }
        #expect(log.entries.count <= HubDefaults.problemsKept)
        #expect(log.entries.last?.message == "miss 10000")
        #expect(Self.numbers(log) == (10_001 - log.entries.count...10_000).map { "miss \($0)" }, "the newest, in order")
    }
}
