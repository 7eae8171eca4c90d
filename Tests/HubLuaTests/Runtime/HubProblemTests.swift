import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua

/// What went wrong without stopping anything reaches the embedder as values: the kind, the
/// feature, what failed, where, the content error, and the words `hub render` prints.
@Suite struct HubProblemTests {
    /// One mistake of each kind a view can make while it loads and draws: `initial` raises, an
    /// action performed by an operation fails with no caller, an operation's failure is
    /// silenced by the next, a component cannot draw, a `hub.after` callback raises, and
    /// `uri_match` raises for one URI.
    private static let feature = """
        hub.component { id = "probs:bad", traits = { "full_width" }, size = function() return 20, 1 end,
          render = function(self, model, canvas) error("cannot draw") end }
        hub.action("probs:act", function(ctx) error("no luck") end)
        hub.feature { id = "probs",
          uri_match = function(uri) if uri == "probs:boom" then error("bad uri") end return uri == "probs:view" end,
          operations = {
            { name = "starter", initial = function(ctx) error("no start") end, perform = function(ctx)
                ctx.view:body("x").component = "probs:bad"
                ctx:perform_action("probs:act")
                hub.after(0, function() error("too late") end)
              end },
            { name = "failing", perform = function(ctx) ctx:fail { message = "gone", domain = "files", code = 4 } end },
            { name = "banner", perform = function(ctx) end },
          } }
        """

    @Test func eachProblemIsAValueWithItsKindWhoAndWhere() throws {
        let folder = try makeFeatureFolder(Self.feature, named: "probs")
        let runtime = try makeRuntime(folder)
        var told: [HubProblem] = []
        runtime.onProblem = { told.append($0) }
        let screen = try runtime.open("probs:view", options: ScreenOptions(width: 20))
        runtime.loop.advance(by: 0)
        _ = try runtime.render(screen)
        #expect(throws: OpenError.self) { try runtime.open("probs:boom") }

        let problems = runtime.problems
        #expect(problems.map(\.kind) == [.operation, .silenced, .action, .callback, .component, .hook], "\(problems)")
        #expect(told == problems, "each told once as it happened")
        guard problems.count == 6 else { return }
        let (starter, silenced, action, callback, component, hook) = (problems[0], problems[1], problems[2], problems[3], problems[4], problems[5])

        #expect(starter.description == "no start — feature 'probs', operation 'starter', feature.lua:7")
        #expect(starter.feature == "probs")
        #expect(starter.identifier == "starter")
        #expect(starter.message == "no start")
        #expect(starter.location?.line == 7)
        #expect(starter.location?.file.hasSuffix("probs/feature.lua") == true)
        #expect(starter.error?.operation == "starter")

        #expect(silenced.description == "gone — feature 'probs', operation 'failing', feature.lua:12; operation 'banner' was handed it "
            + "and finished normally, so the chain went on without it")
        #expect(silenced.identifier == "failing")
        #expect(silenced.error?.domain == "files")
        #expect(silenced.error?.code == 4)
        #expect(silenced.location?.line == 12)

        #expect(action.description == "no luck — feature 'probs', action 'probs:act', feature.lua:3")
        #expect(action.feature == "probs")
        #expect(action.identifier == "probs:act")
        #expect(action.error?.action == "probs:act")
        #expect(action.location?.line == 3)

        #expect(callback.description == "too late — hub.after callback from feature.lua:10, feature.lua:10")
        #expect(callback.identifier == nil)
        #expect(callback.message == "too late")
        #expect(callback.location?.line == 10)
        #expect(callback.folder == runtime.loadedFolderPaths.first, "the folder, as errors name it (a temporary one: whole)")

        #expect(component.description == "cannot draw — component 'probs:bad', render, feature.lua:2")
        #expect(component.identifier == "probs:bad")
        #expect(component.message == "cannot draw")
        #expect(component.location?.line == 2)
        #expect(component.error == nil)
        #expect(component.folder == runtime.loadedFolderPaths.first)

        #expect(hook.identifier == "uri_match")
        #expect(hook.feature == "probs")
        #expect(hook.message == "bad uri")
        #expect(hook.location?.line == 5)
        #expect(hook.description.hasPrefix("uri_match: ") && hook.description.hasSuffix("feature.lua:5: bad uri"), "\(hook)")
    }

    @Test func aProblemRepeatedIsListedOnceAndToldEachTime() throws {
        let runtime = try makeRuntime(try makeFeatureFolder(Self.feature, named: "probs"))
        var told: [HubProblem.Kind] = []
        runtime.onProblem = { told.append($0.kind) }
        let screen = try runtime.open("probs:view", options: ScreenOptions(width: 20))
        runtime.clearProblems()
        told = []
        _ = try runtime.render(screen)
        screen.resize(width: 30, height: nil)
        _ = try runtime.render(screen)
        #expect(runtime.problems.map(\.kind) == [.component])
        #expect(told == [.component, .component])
    }
}
