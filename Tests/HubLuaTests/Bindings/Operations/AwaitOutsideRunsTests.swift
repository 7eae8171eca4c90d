import Foundation
import HubCore
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools
@testable import LuaBridge

/// `hub.await` at the top of a test case or a REPL line waits in place, as `hub.sleep` and
/// `hub.http` do there: the loop runs until `done` is called, and the call returns what `done`
/// was given; elsewhere outside a run it is refused at its caller's line.
@Suite struct AwaitOutsideRunsTests {
    @Test func theLoopRunsUntilDoneAndTheCallReturnsItsValues() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        let result = try runtime.evaluate(
            """
            local n = select("#", hub.await(function(done)
              hub.after(1500, function() done(1, nil, 3) end)
            end))
            local a, b, c = hub.await(function(done)
              hub.after(1500, function() done(1, nil, 3) end)
            end)
            return { n = n, a = a, b = b, c = c, again = hub.await(function(done) done("at once") end) }
            """, inFolder: "Fixtures/Sandbox", chunkName: "@await.lua")
        #expect(result == .object(["n": .int(3), "a": .int(1), "c": .int(3), "again": .string("at once")]))
        #expect(runtime.loop.now == 3_000)
    }

    @Test func aDoneNeverCalledLeavesNothingToWaitFor() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        #expect {
            try runtime.evaluate("hub.await(function(done) end)", inFolder: "Fixtures/Sandbox", chunkName: "@await.lua")
        } throws: { error in
            (error as? ScriptError)?.description == "await.lua:1: nothing more can happen while it waits"
        }
    }

    @Test func whereTimeCannotPassItIsRefusedAtItsLine() throws {
        let folder = try makeFeatureFolder("""
            hub.feature { id = "early", uri = "early:view", operations = { function(ctx) end } }
            hub.await(function(done) done() end)
            """)
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let runtime = try HubRuntime(clock: .virtual)
        #expect {
            try runtime.loadFeatures(at: folder)
        } throws: { error in
            "\(error)".hasPrefix("hub.await can only be used inside an operation, an action, a test (hub.test) or the REPL — ")
                && "\(error)".hasSuffix("/feature' did not load, feature.lua:2")
        }
    }
}
