import Foundation
import HubTestThreads
import Testing

/// `hub render --timing` reports on standard error how long opening the view took, each
/// operation's run, and the first render; the layout on standard output is the same as without.
@Suite(.offThePool) struct RenderTimingCLITests {
    @Test func reportsTheOpeningEachOperationAndTheRender() throws {
        let arguments = ["render", "--features", "Examples/Cities", "cities:overview", "--width", "40", "--color", "never"]
        let timed = try HubProcess.run(arguments + ["--timing"])
        let plain = try HubProcess.run(arguments)
        #expect(timed.status == 0 && plain.status == 0)
        #expect(timed.output == plain.output)
        let number = #"[0-9]+\.[0-9]{2} ms"#
        let line = try Regex("^hub: timing: opened in \(number) \\(rows \(number), images \(number)\\), rendered in \(number)\n$")
        #expect(timed.errors.wholeMatch(of: line) != nil, "\(timed.errors)")
        #expect(plain.errors.isEmpty)
    }
}
