import HubCore
import HubRender
import HubTestFeatures
import HubTestThreads
import Testing
@testable import HubLua
import HubTools

/// Coroutines in the sandbox are Lua 5.4's: resumes nest as deep as Lua lets C calls nest
/// (LUAI_MAXCCALLS, 200) and fail with its error, and a coroutine may yield across `pcall`.
@Suite(.offThePool) struct CoroutineParityTests {
    /// A chain of resumes, each in the coroutine the one before resumed, fails where Lua's does.
    /// How deep that is depends on the C calls the host holds when the script starts (`lua5.4`
    /// holds one more than Hub), so the depth is compared with how deep `pcall`s nest there.
    @Test func nestedResumesStopWhereLuasDo() throws {
        try LuaParity.expectSame("""
            local depth = 0
            local function dive()
              depth = depth + 1
              local ok, message = coroutine.resume(coroutine.create(dive))
              if not ok then error(message, 0) end
            end
            print(pcall(dive))
            local calls = 0
            local function nest()
              calls = calls + 1
              pcall(nest)
            end
            nest()
            print(depth - calls)
            local wrapped = 0
            local function wrap()
              wrapped = wrapped + 1
              return coroutine.wrap(wrap)()
            end
            local ok, message = pcall(wrap)
            print(ok, message:match("[^:]*$"), wrapped - calls)
            """)
    }

    /// How deep resumes nest from the top of a REPL line and of an operation's run.
    @Test func nestedResumesReach198LevelsInHub() throws {
        let dive = """
            local depth = 0
            local function dive()
              depth = depth + 1
              local ok, message = coroutine.resume(coroutine.create(dive))
              if not ok then error(message, 0) end
            end
            local _, message = pcall(dive)
            """
        #expect(try LuaParity.printedBySandbox(dive + "\nprint(message, depth)") == ["C stack overflow\t198"])
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        _ = try runtime.evaluate(
            """
            hub.feature { id = "deep", uri = "deep:view", operations = { function(ctx)
              \(dive)
              ctx.view.title = message .. " at " .. depth
            end } }
            """, inFolder: "Fixtures/Sandbox")
        #expect(try runtime.open("deep:view").viewModel.title == "C stack overflow at 198")
    }

    @Test func aCoroutineYieldsAcrossPcall() throws {
        try LuaParity.expectSame("""
            local co = coroutine.create(function(a)
              local ok, x, y = pcall(coroutine.yield, a + 1)
              print("in", ok, x, y)
              print("in", pcall(function() coroutine.yield("again") error("after", 0) end))
              print("in", xpcall(coroutine.yield, print, "x"))
              return "done"
            end)
            print(coroutine.resume(co, 1))
            print(coroutine.resume(co, "x", "y"))
            print(coroutine.resume(co))
            print(coroutine.resume(co, "z"))
            print(coroutine.status(co), coroutine.resume(co))
            print(pcall(coroutine.yield))
            """)
    }
}
