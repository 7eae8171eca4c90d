import HubCore
import HubRender
import HubTestFeatures
import Testing
@testable import HubLua

/// A feature's `reload_policy = { max_age = ms }`: a view that appears again loads again only
/// once what it shows is older; a malformed policy is a located error.
@Suite struct ReloadPolicyBindingsTests {
    private static func feature(policy: String) -> String {
        """
        runs = 0
        hub.feature {
          id = "kept",
          uri = "kept:view",
          reload_policy = \(policy),
          operations = { function(ctx)
            runs = runs + 1
            ctx.view:body("runs").title = "run " .. runs
          end },
        }
        """
    }

    @Test func aViewAppearingAgainLoadsOnlyOnceItsContentIsOlderThanMaxAge() throws {
        let runtime = try HubRuntime(clock: .virtual)
        try runtime.loadFeatures(at: makeFeatureFolder(Self.feature(policy: "{ max_age = 1000 }")))
        let screen = try runtime.open("kept:view")
        #expect(screen.viewModel.body.first?.title == "run 1")
        runtime.loop.advance(by: 999)
        screen.appear()
        runtime.manager.settle(screen)
        #expect(screen.viewModel.body.first?.title == "run 1", "999 ms old: kept")
        runtime.loop.advance(by: 1)
        screen.appear()
        runtime.manager.settle(screen)
        #expect(screen.viewModel.body.first?.title == "run 2", "1000 ms old: loaded again")
        #expect(runtime.manager.featureRegistry.registration(forViewURI: "kept:view")?.contentReloadPolicy?.maxAge == 1000)
    }

    @Test(arguments: [
        ("{ max_age = -1 }", "feature 'kept': reload_policy: 'max_age' must be a number of milliseconds, 0 or more"),
        ("{ maxage = 5 }", "feature 'kept': reload_policy: unknown key 'maxage'; did you mean 'max_age'? (known: max_age)"),
        ("5", "feature 'kept': 'reload_policy' must be { max_age = milliseconds } or a function(uri, current_view_model)"),
    ])
    func aMalformedPolicyIsALocatedError(policy: String, message: String) throws {
        let runtime = try HubRuntime(clock: .virtual)
        var failures: [String] = []
        try runtime.loadFeatures(at: [makeFeatureFolder(Self.feature(policy: policy))]) { failures += $0.map(\.description) }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("\(message) — feature folder '") == true, "\(failures)")
        #expect(failures.first?.hasSuffix("' did not load, feature.lua:2") == true, "\(failures)")
    }
}
