import HubCore
import HubRender
import HubTestFeatures
import LuaBridge
import Testing
@testable import HubLua
import HubTools

/// Memory bombs, in Lua and through Swift: each ends at the runtime's memory limit as a
/// located error, and the next operation, another feature and the next screen still work.
@Suite struct MemoryTests {
    /// A runtime with a small memory limit, the features of `source` (chunk `bomb.lua`) and a
    /// healthy feature.
    private func makeBombs(_ source: String) throws -> HubRuntime {
        try makeHostileRuntime(source, chunk: "bomb.lua") { $0.lua.memoryLimit = 32 << 20 }
    }

    @Test func theDefaultLimitIs256MiB() throws {
        #expect(try HubRuntime(clock: .virtual).lua.memoryLimit == 256 << 20)
    }

    @Test func aLuaMemoryBombEndsAtTheLimitAndTheNextOperationRuns() throws {
        let runtime = try makeBombs(
            """
            hub.feature { id = "bomb", uri = "bomb:view", operations = {
              hub.operation { name = "bomb", perform = function(ctx)
                local t = {}
                for i = 1, 1e8 do t[i] = ("x"):rep(64) .. i end
              end },
              hub.operation { name = "next", perform = function(ctx)
                ctx.view:body("next").title = ctx.error and ctx.error.text or "no error"
              end },
            } }
            """)
        let screen = try runtime.open("bomb:view")
        #expect(screen.viewModel.body.first?.title == "not enough memory (the limit is 32 MiB) — feature 'bomb', operation 'bomb', bomb.lua:4")
        runtime.lua.collectGarbage()
        #expect(runtime.lua.memoryUsed < 8 << 20, "the bomb's memory is collected")
        #expect(try othersStillWork(runtime))
    }

    @Test func oneHugeStringIsRefused() throws {
        let runtime = try makeBombs(
            """
            hub.feature { id = "rep", uri = "rep:view", operations = {
              hub.operation { name = "rep", perform = function(ctx) local s = string.rep("x", 2^31 - 1) end },
            } }
            """)
        #expect(try runtime.open("rep:view").lastError?.description
            == "not enough memory (the limit is 32 MiB) — feature 'rep', operation 'rep', bomb.lua:2")
        #expect(try othersStillWork(runtime))
    }

    @Test func copiesIntoSwiftModelsCountAgainstTheLimit() throws {
        let runtime = try makeBombs(
            """
            hub.feature { id = "copies", uri = "copies:view", operations = {
              hub.operation { name = "titles", perform = function(ctx)
                local big = string.rep("x", 1000000)
                for i = 1, 1e7 do ctx.view:body("row-" .. i).title = big end
              end },
              hub.operation { name = "rows", perform = function(ctx)
                for i = 1, 1e7 do ctx.view:body("row-" .. i) end
              end },
              hub.operation { name = "json", perform = function(ctx)
                ctx.view:add_json("[" .. string.rep('{"id": "x"},', 1000000) .. "{}]")
              end },
              hub.operation { name = "data", perform = function(ctx)
                local t = {}
                for i = 1, 200000 do t[i] = { n = i } end
                ctx.view.custom = { list = t }
              end },
            } }
            """)
        let screen = try runtime.open("copies:view")
        #expect(screen.loader.operationStatuses.map { $0.error?.description } == [
            "not enough memory (the limit is 32 MiB) — feature 'copies', operation 'titles', bomb.lua:4",
            "not enough memory (the limit is 32 MiB) — feature 'copies', operation 'rows', bomb.lua:7",
            "not enough memory (the limit is 32 MiB) — feature 'copies', operation 'json', bomb.lua:10",
            "not enough memory (the limit is 32 MiB) — feature 'copies', operation 'data', bomb.lua:15",
        ])
        #expect(try othersStillWork(runtime))
    }

    @Test func theLimitAppliesPerCallSoMemoryGivenBackIsUsableAgain() throws {
        let runtime = try makeBombs(
            """
            hub.feature { id = "twice", uri = "twice:view", operations = {
              hub.operation { name = "big", perform = function(ctx)
                local t = {}
                for i = 1, 150000 do t[i] = { i } end
                ctx.view:body("done").title = tostring(#t)
              end },
            } }
            """)
        for _ in 1...3 {
            let screen = try runtime.open("twice:view")
            #expect(screen.lastError == nil)
            #expect(screen.viewModel.body.first?.title == "150000")
        }
    }
}

@Suite struct RegistrationMemoryTests {
    @Test func registrationsKeptForAScriptCountAgainstTheLimit() throws {
        let runtime = try makeRuntime(TestPaths.fixture("Sandbox"))
        runtime.lua.memoryLimit = 16 << 20
        let floods = [
            // Callbacks stop at their own limit first.
            "hub.after(0, print)": "hub.after: 1000 callbacks of this folder are already waiting (at most 1000); its waiting callbacks are cancelled",
            "hub.register_image('https://x/' .. i, 1)": "not enough memory (the limit is 16 MiB)",
        ]
        for (flood, error) in floods {
            let result = try runtime.evaluate(
                "return select(2, pcall(function() for i = 1, 1e7 do \(flood) end end))",
                inFolder: "Fixtures/Sandbox", chunkName: "@flood.lua")
            #expect(result == .string("flood.lua:1: \(error)"), "\(flood)")
        }
    }
}
