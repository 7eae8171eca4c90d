import HubCore
import HubRender
import LuaBridge
import Testing
@testable import HubLua
import HubTools

/// Builders kept past the run of the operation they were given to (in a global, an upvalue):
/// the tree they build is nobody's once that run has ended, so using one raises at the line
/// that does, in whatever run it happens, instead of the write going nowhere. No model
/// changes, and other features go on.
@Suite struct EndedRunHostileTests {
    /// What the writer does with what the keeper kept, and the class the error names.
    enum Use: String, CaseIterable {
        case handleWrite = #"kept.title = "late""#
        case handleMethod = #"kept:set { title = "late" }"#
        case grandchildWrite = #"keptchild.title = "late""#
        case objectWrite = #"keptheader.title = "late""#
        case viewWrite = #"keptview.title = "late""#
        case viewStaging = #"keptview:body("late")"#
        case viewStagingTable = #"keptview:body { id = "late", title = "late" }"#
        case handleStaging = #"kept:child("late")"#
        case handleStagingTable = #"kept:child { id = "late", title = "late" }"#
        case contextView = #"keptctx.view:body("late").title = "late""#
        case imageWrite = #"keptimage.uri = "late.png""#
        case targetMethod = #"kepttarget:add_action("late:action")"#
        case targetViewStaging = #"kepttarget.view:body("late")"#

        var className: String {
            switch self {
            case .viewWrite, .viewStaging, .viewStagingTable, .contextView, .targetViewStaging: "hub.ViewBuilder"
            case .imageWrite: "hub.ImageBuilder"
            case .targetMethod: "hub.TargetBuilder"
            default: "hub.ComponentBuilder"
            }
        }
    }

    private static let keeper = """
        kept, keptchild, keptheader, keptview, keptctx, keptimage, kepttarget = nil, nil, nil, nil, nil, nil, nil
        hub.feature { id = "keeper", uri = "keeper:view", operations = { hub.operation { name = "keep", perform = function(ctx)
          keptview, keptctx = ctx.view, ctx
          kept = ctx.view:body("mine")
          kept.title = "mine"
          keptchild = ctx.view:body("row"):child("mine")
          keptheader, keptimage, kepttarget = ctx.view:header(), kept.main_image, kept.target
        end } } }

        """

    @Test(arguments: Use.allCases)
    func aBuilderKeptPastItsRunRaisesWhereAnotherFeatureUsesIt(_ use: Use) throws {
        let runtime = try makeHostileRuntime(
            Self.keeper + """
                hub.feature { id = "writer", uri = "writer:view", operations = { hub.operation { name = "write", perform = function(ctx)
                  ctx.view:body("before").title = "before"
                  \(use.rawValue)
                  ctx.view:body("after").title = "after"
                end } } }
                """, chunk: "keeper.lua")
        let keeper = try runtime.open("keeper:view")
        let writer = try runtime.open("writer:view")
        #expect(writer.loader.operationStatuses.first?.error?.description 
            == "\(use.className) used after its run ended (operation 'keep' of keeper:view): a builder lasts as long as its operation's run"
            + " — feature 'writer', operation 'write', keeper.lua:11")
        #expect(writer.viewModel.body.isEmpty)  // a failed operation delivers nothing
        #expect(keeper.viewModel.body.map(\.identifier) == ["mine", "row"])
        #expect(keeper.viewModel.body.map(\.title) == ["mine", nil])
        #expect(keeper.viewModel.body[1].children?.map(\.title) == [nil])
        #expect(keeper.viewModel.header?.title == nil)
        #expect(try othersStillWork(runtime))
    }

    @Test func aHandleKeptFromTheFeaturesOwnLastRunRaisesInItsNextRun() throws {
        let runtime = try makeHostileRuntime(
            """
            local previous
            hub.feature { id = "again", uri = "again:view", operations = { hub.operation { name = "again", perform = function(ctx)
              if previous then previous.title = "again" end
              previous = ctx.view:body("row")
              previous.title = "first"
            end } } }
            """, chunk: "again.lua")
        #expect(try runtime.open("again:view").loader.operationStatuses.first?.error == nil)
        let second = try runtime.open("again:view")
        #expect(second.loader.operationStatuses.first?.error?.description 
            == "hub.ComponentBuilder used after its run ended (operation 'again' of again:view): a builder lasts as long as its operation's run"
            + " — feature 'again', operation 'again', again.lua:3")
        #expect(second.viewModel.body.isEmpty)
        #expect(try othersStillWork(runtime))
    }

    @Test func aWriteAfterTheRunFinishedIsReportedAndReachesNoModel() throws {
        let runtime = try makeHostileRuntime(
            """
            hub.feature { id = "finisher", uri = "finisher:view", operations = { hub.operation { name = "finish", perform = function(ctx)
              ctx.view:body("row").title = "before finish"
              ctx:finish()
              ctx.view:body("row").title = "after finish"
            end } } }
            """, chunk: "finisher.lua")
        let screen = try runtime.open("finisher:view")
        #expect(screen.loader.operationStatuses.first?.error == nil)
        #expect(screen.viewModel.body.map(\.title) == ["before finish"])
        #expect(runtime.problems.map(\.description) == [
            "hub.ViewBuilder used after its run ended (operation 'finish' of finisher:view): a builder lasts as long as its operation's run"
                + " — feature 'finisher', operation 'finish', finisher.lua:4"])
        #expect(try othersStillWork(runtime))
    }

    /// A script that catches the error and uses the kept builder again, forever: each use
    /// raises, the budget stops the loop at its line, and nothing reaches a model.
    @Test func catchingTheErrorInALoopForeverStopsAtTheBudget() throws {
        let runtime = try makeHostileRuntime(
            Self.keeper + """
                hub.feature { id = "looper", uri = "looper:view", operations = {
                  hub.operation { name = "loop", budget = 1000000, perform = function(ctx)
                    while true do pcall(function() kept.title = "late"; keptview:body("late") end) end
                  end },
                } }
                """, chunk: "keeper.lua")
        let keeper = try runtime.open("keeper:view")
        let looper = try runtime.open("looper:view")
        #expect(looper.loader.operationStatuses.first?.error?.description
            == "instruction budget exceeded (1000000 instructions) — feature 'looper', operation 'loop', keeper.lua:11")
        #expect(keeper.viewModel.body.map(\.title) == ["mine", nil])
        #expect(try othersStillWork(runtime))
    }

    @Test func aBuilderUsedAtTheTopLevelAfterItsRunRaisesThere() throws {
        let runtime = try makeHostileRuntime(Self.keeper, chunk: "keeper.lua")
        _ = try runtime.open("keeper:view")
        for use in [Use.handleWrite, .viewStaging] {
            let error = #expect(throws: ScriptError.self) {
                try runtime.evaluate(use.rawValue, inFolder: "Fixtures/Sandbox", chunkName: "=prompt")
            }
            #expect(error?.description == "prompt:1: \(use.className) used after its run ended (operation 'keep' of keeper:view): "
                + "a builder lasts as long as its operation's run")
        }
    }
}
