import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua
import HubTools
@testable import LuaBridge

/// `hub.sleep` outside an operation lets time pass only where a host drives the runtime (a
/// test, `evaluate`), never while features load or components draw; and time passed there
/// cannot outrun the budget through timers.
@Suite struct SleepTests {
    private static let refusal = "hub.sleep outside an operation or an action only passes time in a test (hub.test)"

    @Test func sleepingWhileAFeatureLoadsFailsThatFolderAtItsLine() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Neighbour"))
        #expect {
            try runtime.loadFeatures(at: TestPaths.fixture("Sleepy"))
        } throws: { error in
            "\(error)".hasSuffix("\(Self.refusal) — feature folder 'Tests/HubLuaTests/Fixtures/Sleepy' did not load, feature.lua:2")
        }
        #expect(runtime.loop.now == 0)
        #expect(try runtime.open("neighbour:view").viewModel.body.isEmpty == false)
    }

    @Test func sleepingWhileAComponentDrawsIsReportedAndDrawsItsErrorBox() throws {
        let runtime = try makeHostileRuntime(
            """
            hub.component { id = "z:sleepy", size = function(self, model, container) return container.width, 3 end,
              render = function(self, model, canvas) hub.sleep(86400000) end }
            hub.feature { id = "sleepy", uri = "sleepy:view", operations = { function(ctx)
              ctx.view:body("a").component = "z:sleepy"
            end } }
            """, chunk: "sleepy.lua")
        let screen = try runtime.open("sleepy:view", options: ScreenOptions(width: 60))
        let text = try runtime.render(screen)
        #expect(text.contains("│ ! hub.sleep outside an operation or an action only     │"))
        #expect(runtime.problems.map(\.description) == ["\(Self.refusal) — component 'z:sleepy', render, sleepy.lua:2"])
        #expect(runtime.loop.now == 0)
        #expect(try othersStillWork(runtime))
    }

    @Test func aTimerThatReArmsItselfCannotOutrunTheBudgetOfTheScriptThatSleeps() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        runtime.lua.instructionBudget = 2_000_000
        #expect {
            try runtime.evaluate(
                """
                local ticks = 0
                local function tick() ticks = ticks + 1; hub.after(1, tick) end
                tick()
                hub.sleep(86400000)
                """, inFolder: "Fixtures/Sandbox", chunkName: "@ticking.lua")
        } throws: { error in
            // The budget ran out in one of the callbacks the sleep fired: that line is named.
            (error as? ScriptError)?.description == "ticking.lua:2: instruction budget exceeded (2000000 instructions)"
        }
        #expect(runtime.loop.now < 20_000, "time stopped passing once the budget ran out")
    }
}
