import Foundation
import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua

/// An error handed on by a later operation (`ctx:fail(ctx.error)`, `error(ctx.error)`) keeps
/// the `file:line` where it first happened and adds each place it was handed on at.
@Suite struct PassedOnErrorTests {
    /// A feature whose first operation fails at line 3 with `failure`, and whose later
    /// operations are `later`, one per line from line 5.
    private func open(failing failure: String, then later: [String]) throws -> Screen {
        let operations = later.map { "  function(ctx) \($0) end," }.joined(separator: "\n")
        let folder = try makeFeatureFolder("""
            hub.feature { id = "pass", uri = "pass:view", operations = {
              -- line 2
              function(ctx) \(failure) end,
              -- line 4
            \(operations)
            } }
            """)
        let runtime = try makeRuntime((folder as NSString).deletingLastPathComponent)
        return try runtime.open("pass:view")
    }

    /// The last two parts of a location (`feature/feature.lua:3`): Lua shortens long chunk
    /// names from the front.
    private func short(_ location: String?) -> String? {
        location.map { $0.split(separator: "/").suffix(2).joined(separator: "/") }
    }

    @Test func failingWithTheErrorKeepsWhereItHappenedAndSaysWhereItWasPassedOn() throws {
        let screen = try open(failing: #"error("boom")"#, then: ["ctx:fail(ctx.error)"])
        let failure = try #require(screen.lastError)
        #expect(failure.message == "boom")
        #expect(short(failure.location) == "feature/feature.lua:3")
        #expect(failure.passedOn.map(short) == ["feature/feature.lua:5"])
        // Said message first, the places relative to the feature folder (whose long path Lua
        // cut from the front).
        #expect(failure.description == "boom — feature 'pass', operation 'feature:5', feature.lua:3, passed on at feature.lua:5")
    }

    @Test func raisingTheErrorAgainKeepsItsOriginDomainAndCode() throws {
        let screen = try open(
            failing: #"ctx:fail { message = "gone", domain = "shop", code = 404 }"#,
            then: ["ctx:fail(ctx.error)", "error(ctx.error)"])
        let failure = try #require(screen.lastError)
        #expect(short(failure.location) == "feature/feature.lua:3")
        #expect(failure.passedOn.map(short) == ["feature/feature.lua:5", "feature/feature.lua:6"])
        #expect([failure.domain, String(failure.code), failure.message] == ["shop", "404", "gone"])
        #expect(screen.loader.operationStatuses.map { $0.error?.passedOn.count } == [0, 1, 2] as [Int?])
    }

    @Test func aLaterOperationReadsWhereTheErrorWasPassedOn() throws {
        let screen = try open(
            failing: #"error("boom")"#,
            then: ["ctx:fail(ctx.error)", #"ctx.view:body("seen").title = #ctx.error.passed_on .. " " .. ctx.error.passed_on[1]"#])
        #expect(screen.viewModel.body.first?.title?.hasPrefix("1 ") == true)
        #expect(short(screen.viewModel.body.first?.title) == "feature/feature.lua:5")
    }

    @Test func aNewErrorIsLocatedWhereItIsRaised() throws {
        let screen = try open(failing: #"error("boom")"#, then: [#"ctx:fail { message = "other" }"#])
        let failure = try #require(screen.lastError)
        #expect(short(failure.location) == "feature/feature.lua:5")
        #expect(failure.passedOn.isEmpty)
        #expect(failure.description == "other — feature 'pass', operation 'feature:5', feature.lua:5")
    }

    @Test func anErrorPassedOnByAVeryLongChainKeepsTheFirstPlaces() throws {
        let screen = try open(failing: #"error("boom")"#, then: Array(repeating: "ctx:fail(ctx.error)", count: 25))
        let failure = try #require(screen.lastError)
        #expect(failure.passedOn.count == 20)
        #expect(short(failure.passedOn.first) == "feature/feature.lua:5")
        #expect(short(failure.passedOn.last) == "feature/feature.lua:24")
    }
}
