import Foundation
import HubTestThreads
import Testing

/// The limits from the command line: runaway features end as located errors within their
/// limits, the process's memory stays under the cap plus a constant, and a broken feature
/// folder does not stop the others.
@Suite(.offThePool) struct LimitsCLITests {
    private static let bombs = "Tests/HubCLITests/Fixtures/Bombs"

    /// Runs `hub` with `arguments` from the package root under an operating-system limit of
    /// `megabytes` on its data (heap) memory, as `ulimit -d` sets it.
    private func runLimited(megabytes: Int, _ arguments: [String]) throws -> HubProcess {
        let command = ([HubProcess.executable("hub").path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try HubProcess.run(["-c", "ulimit -d \(megabytes * 1024); exec \(command)"], program: "/bin/sh")
    }

    @Test func memoryBombsEndAtTheLimitBeforeTheProcessUsesMuchMore() throws {
        let baseline = try runLimited(megabytes: 20, ["render", "--features", "Examples", "cities:overview"])
        #expect(baseline.status == 0, "Hub runs in 20 MB of data: \(baseline.errors)")
        for uri in ["bomb:lua", "bomb:swift"] {
            // 64 MiB of scripts' memory, within 20 + 64 + 16 MB of data: the operating system's
            // limit is never reached (without Hub's own limit, the process dies at it). The time
            // limits are out of reach, so that only the memory limit can end it, however slowly a
            // loaded machine fills 64 MiB (at the default 10 s, the timeout won now and then).
            let result = try runLimited(
                megabytes: 100,
                ["render", "--features", Self.bombs, uri, "--memory", "64", "--timeout", "3600000", "--time-limit", "3600000"])
            #expect(result.status == 1, "\(uri): \(result.errors)")
            #expect(result.errors.contains(", feature.lua:"), "\(result.errors)")
            #expect(result.errors.contains("not enough memory (the limit is 64 MiB)"), "\(result.errors)")
        }
    }

    @Test func aLongSleepEndsAtTheTimeoutInRealTime() throws {
        // The sleep is 83 minutes: the render ends because the timeout fired, as its error says.
        let result = try HubProcess.run(["render", "--features", Self.bombs, "bomb:sleep", "--timeout", "300"])
        #expect(result.status == 1)
        #expect(result.errors.contains("timed out after 300 ms — feature 'sleeper', operation 'feature:12', feature.lua:12"), "\(result.errors)")
    }

    @Test func aRunawayLoopEndsAtTheBudget() throws {
        let result = try HubProcess.run(["render", "--features", Self.bombs, "bomb:spin", "--budget", "1000000"])
        #expect(result.status == 1)
        #expect(result.errors.contains("instruction budget exceeded (1000000 instructions) — feature 'spinner', operation 'feature:14', feature.lua:14"), "\(result.errors)")
    }

    @Test func aBrokenFolderDoesNotStopTheOthers() throws {
        let root = "Tests/HubLuaTests/Fixtures/Isolation"
        let good = try HubProcess.run(["render", "--features", root, "good:view", "--width", "20"])
        #expect(good.status == 0)
        #expect(good.output.hasSuffix(" Good\n"))
        #expect(good.errors.contains("hub: unexpected symbol near 'end' — feature folder '\(root)/Broken' did not load, feature.lua:4\n"))
        let half = try HubProcess.run(["render", "--features", root, "--grants", root + "/grants.json", "half:view"])
        #expect(half.status == 1)
        #expect(half.errors.contains("hub: the feature for 'half:view' did not load: attempt to index a nil value (local 'missing') — "))
        let tests = try HubProcess.run(["test", root, "--grants", root + "/grants.json"])
        #expect(tests.status == 1)
        #expect(tests.output.contains("ok   the good feature works while others failed to load"))
        #expect(tests.output.hasSuffix("1 passed, 2 failed\n"))
    }

    @Test func aComponentThatFailsToDrawMakesRenderFail() throws {
        let result = try HubProcess.run(["render", "--features", "Tests/HubLuaTests/Fixtures/Torture", "torture:view", "--width", "60"])
        #expect(result.status == 0, "a healthy view: \(result.errors)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-cli-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            hub.component { id = "bad:one", size = function(self, m, c) return c.width, 3 end, render = function() error("cannot draw") end }
            hub.feature { id = "bad", uri = "bad:view", operations = { function(ctx) ctx.view:body("x").component = "bad:one" end } }
            """.write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        let bad = try HubProcess.run(["render", "--features", folder.path, "bad:view", "--width", "30"])
        #expect(bad.status == 1)
        #expect(bad.output.contains("│ ! cannot draw — bad:one  │"))
        #expect(bad.errors == "hub: cannot draw — component 'bad:one', render, feature.lua:1\n")
    }
}
