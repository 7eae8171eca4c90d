import HubCore
import HubRender
import Testing
@testable import HubLua
import HubTools
@testable import LuaBridge

/// Runaways that never run long at once — callbacks that schedule callbacks, actions that chain
/// to themselves — end within a limit like any other, with one located problem, and everything
/// else keeps working.
@Suite struct AsynchronousRunawayTests {
    @Test func callbacksThatEachScheduleTwoMoreAreCancelledAtTheFoldersLimit() throws {
        let runtime = try makeHostile(
            """
            fired = 0
            local function bomb()
              fired = fired + 1
              hub.after(0, bomb)
              hub.after(0, bomb)
            end
            hub.after(0, bomb)
            """)
        runtime.loop.advance(by: 10_000)
        #expect(runtime.loop.nextDue == nil, "nothing is left waiting")
        let fired = try runtime.evaluate("return fired", inFolder: "Fixtures/Sandbox").intValue
        #expect(fired == 500, "the 500th callback's second call is the 1000th")
        #expect(runtime.problems.map(\.description) == [
            "hub.after: this folder scheduled 1000 callbacks within a second (at most 1000: callbacks that schedule callbacks are a "
                + "loop); its waiting callbacks are cancelled — hub.after callback from hostile.lua:4, hostile.lua:5",
        ])
        #expect(try othersStillWork(runtime))
    }

    @Test func aCallbackPollingEveryTenMillisecondsGoesOnForAsLongAsItLikes() throws {
        let runtime = try makeHostile(
            """
            polls = 0
            local function poll()
              polls = polls + 1
              hub.after(10, poll)
            end
            hub.after(10, poll)
            """)
        runtime.loop.advance(by: 60_000)
        #expect(try runtime.evaluate("return polls", inFolder: "Fixtures/Sandbox").intValue == 6_000)
        #expect(runtime.problems.isEmpty)
    }

    @Test func aFoldersCallbacksShareOneBudgetAMinute() throws {
        let runtime = try makeHostile(
            """
            runs = 0
            local function burn()
              runs = runs + 1
              for _ = 1, 300000 do end
              hub.after(1000, burn)
            end
            hub.after(1000, burn)
            """, budget: 1_000_000)
        runtime.loop.advance(by: 120_000)
        let runs = try runtime.evaluate("return runs", inFolder: "Fixtures/Sandbox").intValue
        #expect(runs == 4, "three runs of 300,000 instructions leave the fourth 100,000: \(runtime.problems)")
        #expect(runtime.problems.count == 1, "\(runtime.problems)")
        let problem = runtime.problems.first?.description ?? ""
        #expect(problem.hasPrefix("instruction budget exceeded"), "\(problem)")
        #expect(problem.hasSuffix("they may run each 60 s; its waiting callbacks are cancelled) — hub.after callback from hostile.lua:5, hostile.lua:4"),
            "\(problem)")
        #expect(runtime.loop.nextDue == nil)
        #expect(try othersStillWork(runtime))
    }

    @Test func anActionChainingToItselfStopsAfterAHundredInARow() throws {
        let runtime = try makeHostile(
            """
            hub.feature { id = "chain", uri = "chain:view", operations = { function(ctx) ctx.view:body("row").title = "row" end } }
            performed = 0
            hub.action("hostile:again", function(ctx)
              performed = performed + 1
              hub.sleep(0)
              ctx:chain("hostile:again")
              return true
            end)
            """)
        let screen = try runtime.open("chain:view")
        #expect(screen.performAction(Identifier(namespace: "hostile", name: "again"), customData: nil))
        runtime.loop.advance(by: 1_000)
        #expect(try runtime.evaluate("return performed", inFolder: "Fixtures/Sandbox").intValue == 101)
        #expect(runtime.problems.map(\.description) == [
            "it chained to 'hostile:again' after 100 actions chained in a row (at most 100: a loop?); the chain stops here"
                + " — feature 'chain', action 'hostile:again'",
        ])
        #expect(try othersStillWork(runtime))
    }
}
