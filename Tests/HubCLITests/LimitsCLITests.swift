import Foundation
import Testing

/// The limits from the command line: runaway features end as located errors within their
/// limits, the process's peak memory stays under the cap plus a constant, and a broken feature
/// folder does not stop the others.
@Suite struct LimitsCLITests {
    private static let bombs = "Tests/HubCLITests/Fixtures/Bombs"

    /// Runs `hub` with `arguments` (output discarded; paths absolute) and returns its exit status
    /// and its peak resident memory in MiB.
    private func peakMemory(_ arguments: [String]) throws -> (status: Int32, peakMiB: Int) {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let program = HubProcess.executable("hub").path
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else { throw POSIXError(.ENOENT) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        return ((status >> 8) & 0xff, usage.ru_maxrss / 1024)
    }

    @Test func memoryBombsEndAtTheLimitAndThePeakStaysUnderIt() throws {
        let root = HubProcess.packageRoot.path + "/"
        let (_, baseline) = try peakMemory(["render", "--features", root + "Examples", "cities:overview", "--width", "60"])
        for uri in ["bomb:lua", "bomb:swift"] {
            let result = try HubProcess.run(["render", "--features", Self.bombs, uri, "--memory", "64"])
            #expect(result.status == 1)
            #expect(result.errors.contains("Fixtures/Bombs/feature.lua:"), "\(result.errors)")
            #expect(result.errors.contains("not enough memory (the limit is 64 MiB)"), "\(result.errors)")
            let (status, peak) = try peakMemory(["render", "--features", root + Self.bombs, uri, "--memory", "64"])
            #expect(status == 1)
            #expect(peak < baseline + 64 + 48, "\(uri): peak \(peak) MiB, baseline \(baseline) MiB")
        }
    }

    @Test func aLongSleepEndsAtTheTimeoutInRealTime() throws {
        let start = Date()
        let result = try HubProcess.run(["render", "--features", Self.bombs, "bomb:sleep", "--timeout", "300"])
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.status == 1)
        #expect(result.errors.contains("feature 'sleeper', operation 'feature:12': Tests/HubCLITests/Fixtures/Bombs/feature.lua:12: timed out after 300 ms"), "\(result.errors)")
    }

    @Test func aRunawayLoopEndsAtTheBudget() throws {
        let result = try HubProcess.run(["render", "--features", Self.bombs, "bomb:spin", "--budget", "1000000"])
        #expect(result.status == 1)
        #expect(result.errors.contains("Fixtures/Bombs/feature.lua:14: instruction budget exceeded (1000000 instructions)"), "\(result.errors)")
    }

    @Test func aBrokenFolderDoesNotStopTheOthers() throws {
        let root = "Tests/HubLuaTests/Fixtures/Isolation"
        let good = try HubProcess.run(["render", "--features", root, "good:view", "--width", "20"])
        #expect(good.status == 0)
        #expect(good.output.hasSuffix(" Good\n"))
        #expect(good.errors.contains("Isolation/Broken/feature.lua:4: unexpected symbol near 'end'"))
        let half = try HubProcess.run(["render", "--features", root, "half:view"])
        #expect(half.status == 1)
        #expect(half.errors.contains("hub: the feature for 'half:view' did not load: feature folder '"))
        let tests = try HubProcess.run(["test", root])
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
        #expect(bad.output.contains("│ ! bad:one: render:"))
        #expect(bad.errors.contains("feature.lua:1: cannot draw"))
    }
}
