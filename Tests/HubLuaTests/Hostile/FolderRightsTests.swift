import Foundation
import HubCore
import HubHTTP
import HubRender
import HubTestBackend
import Testing
@testable import HubLua
import HubTools

/// A hostile feature folder loaded beside an honest one reaches nothing that is not its own:
/// code runs with the rights of the folder that wrote it, wherever it runs, and what reaches
/// beyond a folder is granted by its owner or by whoever runs Hub, never by the folder itself.
@Suite struct FolderRightsTests {
    /// The honest feature: its namespace holds a secret, and it alone lists the backend's host.
    private static let victim = """
        hub.feature { id = "victim", uri = "victim:view", hosts = { "$HOST" }, operations = { function(ctx)
          hub.store.set("secret", "s3cret")
          ctx.view:body("fetched").title = hub.http.get("$BACKEND/victim").body
          ctx.view:body("secret").title = hub.store.get("secret")
        end } }
        """

    /// A root folder holding a feature folder per entry of `folders` (name → `feature.lua`, with
    /// `$BACKEND` and `$HOST` filled in), loaded in the order of their names.
    private func makeRoot(_ folders: [String: String], backend: TestBackend) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hub-rights-\(UUID().uuidString)")
        for (name, source) in folders {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try backend.substituted(source).write(to: folder.appendingPathComponent("feature.lua"), atomically: true, encoding: .utf8)
        }
        return root.path
    }

    /// A runtime on the real clock with the store in memory, `grants` given, and the folders of
    /// `root` loaded; the load errors, if any.
    private func load(_ root: String, grants: HubGrants = HubGrants()) throws -> (HubRuntime, [String]) {
        let runtime = try HubRuntime(clock: .real)
        runtime.manager.httpTransport = AsyncHTTPTransport()
        runtime.grants = grants
        var errors: [String] = []
        do {
            try runtime.loadFeatures(at: root)
        } catch {
            errors = error.failures.map(\.description)
        }
        return (runtime, errors)
    }

    private func backend() throws -> TestBackend {
        let backend = try TestBackend.start()
        backend.route("/victim", .text("victim's data"))
        return backend
    }

    @Test func aFolderCannotPrependOperationsToEveryChainUnlessTheOperatorGrantsIt() throws {
        let backend = try backend()
        defer { backend.stop() }
        let root = try makeRoot([
            "Evil": "hub.prepend_operations { function(ctx) ctx.view:body('evil').title = 'was here' end }",
            "Victim": Self.victim,
        ], backend: backend)
        let (runtime, errors) = try load(root)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix(
            "hub.prepend_operations: what it adds would run in every feature's chain, which only whoever "
                + "runs Hub grants: add \"Evil\" to \"app_wide\" in the file of hub --grants (HubRuntime.grants.appWide) — ") == true,
            "\(errors)")
        #expect(errors.first?.hasSuffix("Evil' did not load, feature.lua:1") == true, "\(errors)")
        let screen = try runtime.open("victim:view")
        #expect(titles(screen) == ["victim's data", "s3cret"])
    }

    @Test func aGrantedPrependedOperationRunsWithItsOwnFoldersRightsNotTheFeaturesItRunsFor() throws {
        let backend = try backend()
        defer { backend.stop() }
        let root = try makeRoot([
            "Evil": """
                hub.prepend_operations { function(ctx)
                  local function try(f) local ok, e = pcall(f) return ok and "reached" or (type(e) == "table" and e.message or e) end
                  ctx.view:body("read").title = try(function() return hub.store.namespace("victim").get("secret") end)
                  ctx.view:body("own").title = try(function() return hub.store.get("secret") end)
                  ctx.view:body("fetch").title = try(function() return hub.http.get("$BACKEND/steal").body end)
                end }
                """,
            "Victim": Self.victim,
        ], backend: backend)
        let (runtime, errors) = try load(root, grants: HubGrants(appWide: ["Evil"]))
        #expect(errors.isEmpty)
        let screen = try runtime.open("victim:view")
        let evilFolder = FeatureFolder(path: root + "/Evil").displayPath
        #expect(titles(screen) == [
            "hub.store.get: the scripts of \(evilFolder) belong to no feature, so they have no namespace",
            "hub.store.get: the scripts of \(evilFolder) belong to no feature, so they have no namespace",
            "GET \(backend.url("/steal")): host '\("127.0.0.1:\(backend.port)")' is not allowed (the feature lists no hosts); "
                + "add it to hosts = { \"\("127.0.0.1:\(backend.port)")\" } in hub.feature",
            "victim's data", "s3cret",
        ])
        #expect(backend.requests.map(\.uri) == ["/victim"], "the attacker's request was never sent")
    }

    @Test func aNamespaceIsSharedOnlyWithItsOwnersWordOrTheOperators() throws {
        let backend = try backend()
        defer { backend.stop() }
        let reader = { (id: String) in
            """
            hub.feature { id = "\(id)", uri = "\(id):view", store = { shares = { "victim" } }, operations = { function(ctx)
              local ok, e = pcall(hub.store.namespace("victim").set, "secret", "overwritten by \(id)")
              ctx.view:body("set").title = ok and "written" or e.message
            end } }
            """
        }
        let root = try makeRoot([
            "Friend": reader("friend"), "Spy": reader("spy"), "Audit": reader("audit"),
            "Victim": Self.victim.replacingOccurrences(of: "hosts =", with: "store = { share_with = { \"friend\" } }, hosts ="),
        ], backend: backend)
        let (runtime, errors) = try load(root, grants: HubGrants(shares: ["audit": ["victim"]]))
        #expect(errors.isEmpty)
        #expect(titles(try runtime.open("spy:view")) == [
            "hub.store.set: feature 'spy' may not use the namespace 'victim': its owner has not shared it; the feature 'victim' "
                + "shares it with store = { share_with = { \"spy\" } } in its hub.feature (or whoever runs Hub grants it)",
        ])
        #expect(titles(try runtime.open("friend:view")) == ["written"])
        #expect(titles(try runtime.open("audit:view")) == ["written"])
    }

    @Test func aFolderDeclaringAnotherFoldersFeatureIdMakesBothFailNamingBoth() throws {
        let backend = try backend()
        defer { backend.stop() }
        let root = try makeRoot([
            "A_Impostor": "hub.feature { id = 'victim', uri = 'impostor:view', operations = { function(ctx) end } }",
            "B_Victim": Self.victim,
            "C_Honest": "hub.feature { id = 'honest', uri = 'honest:view', operations = { function(ctx) ctx.view:body('x').title = 'fine' end } }",
        ], backend: backend)
        let (runtime, errors) = try load(root)
        let impostor = FeatureFolder(path: root + "/A_Impostor").displayPath
        let victim = FeatureFolder(path: root + "/B_Victim").displayPath
        let rule = "a feature id belongs to one folder, so neither folder loads"
        // Lua cuts long chunk names at the front ("...1E2C5C2480796/B_Victim/feature.lua:1").
        #expect(errors.count == 2)
        #expect(errors.first?.hasPrefix("feature 'victim' is declared again at ") == true, "\(errors)")
        #expect(errors.first?.hasSuffix("B_Victim/feature.lua:1: \(rule) — feature folder '\(impostor)' did not load, feature.lua:1") == true,
            "\(errors)")
        #expect(errors.last?.hasPrefix("feature 'victim' is declared already at ") == true, "\(errors)")
        #expect(errors.last?.hasSuffix("A_Impostor/feature.lua:1: \(rule) — feature folder '\(victim)' did not load, feature.lua:1") == true,
            "\(errors)")
        #expect(runtime.manager.featureRegistry.all.map(\.identifier) == ["honest"])
        #expect(titles(try runtime.open("honest:view")) == ["fine"])
    }

    @Test func aDuplicateIdFromAScriptOutsideLoadingFailsThereAloneAndNoLaterLoadTakesTheOwnerDown() throws {
        let backend = try backend()
        defer { backend.stop() }
        let root = try makeRoot([
            "Victim": Self.victim, "Later": "hub.feature { id = 'later', uri = 'later:view', operations = { function() end } }",
        ], backend: backend)
        let third = try makeRoot(["Third": "hub.feature { id = 'third', uri = 'third:view', operations = { function() end } }"], backend: backend)
        let (runtime, errors) = try load(root)
        #expect(errors.isEmpty)
        // A REPL line in Later declares Victim's id: it fails there, and Victim stays loaded.
        #expect(throws: (any Error).self) {
            try runtime.evaluate(
                "hub.feature { id = 'victim', uri = 'x:view', operations = { function() end } }", inFolder: "/Later", chunkName: "@repl.lua")
        }
        try runtime.loadFeatures(at: third)
        #expect(runtime.loadFailures.isEmpty, "\(runtime.loadFailures)")
        #expect(runtime.manager.featureRegistry.all.map(\.identifier).sorted() == ["later", "third", "victim"])
    }

    @Test func aWildcardNeverCoversAnotherFeaturesHostNorEveryAddress() throws {
        let backend = try backend()
        defer { backend.stop() }
        let root = try makeRoot([
            "Evil": """
                hub.feature { id = "evil", uri = "evil:view", hosts = { "127.0.0.1:*" }, operations = { function(ctx)
                  local ok, e = pcall(hub.http.get, "$BACKEND/steal")
                  ctx.view:body("fetch").title = ok and "reached" or e.message
                end } }
                """,
            "Wide": "hub.feature { id = 'wide', uri = 'wide:view', hosts = { '*.1:*' }, operations = { function(ctx) end } }",
            "Victim": Self.victim,
        ], backend: backend)
        let (runtime, errors) = try load(root)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("feature 'wide': hosts[1] '*.1:*' is not a host") == true, "\(errors)")
        #expect(errors.first?.hasSuffix("Wide' did not load, feature.lua:1") == true, "\(errors)")
        #expect(titles(try runtime.open("evil:view")) == [
            "GET \(backend.url("/steal")): host '\("127.0.0.1:\(backend.port)")' is not allowed: another feature lists it, and a wildcard does "
                + "not cover what another feature lists; add it to hosts = { \"\("127.0.0.1:\(backend.port)")\" } in hub.feature",
        ])
        #expect(titles(try runtime.open("victim:view")) == ["victim's data", "s3cret"])
        #expect(backend.requests.map(\.uri) == ["/victim"])
    }

    @Test func aDefaultActionHandlerSeeingEveryFeaturesActionsNeedsTheOperatorsGrant() throws {
        let backend = try backend()
        defer { backend.stop() }
        let root = try makeRoot(["Evil": "hub.action_handler(function(ctx) return true end)"], backend: backend)
        let (refused, errors) = try load(root)
        #expect(errors.first?.hasPrefix(
            "hub.action_handler: what it adds would see the actions of every feature, which only whoever "
                + "runs Hub grants: add \"Evil\" to \"app_wide\" in the file of hub --grants (HubRuntime.grants.appWide) — ") == true,
            "\(errors)")
        #expect(errors.first?.hasSuffix("Evil' did not load, feature.lua:1") == true, "\(errors)")
        #expect(refused.manager.defaultActionHandler == nil)
        let (granted, none) = try load(root, grants: HubGrants(appWide: ["Evil"]))
        #expect(none.isEmpty)
        #expect(granted.manager.defaultActionHandler != nil)
    }

    @Test func theOperatorsGrantsAreReadFromJSONAndAMistakeSaysWhat() throws {
        let grants = try HubGrants(json: #"{ "app_wide": ["Analytics"], "shares": { "reviews": ["books", "authors"] } }"#)
        #expect(grants == HubGrants(appWide: ["Analytics"], shares: ["reviews": ["books", "authors"]]))
        #expect(throws: GrantsError(message: "unknown key 'appwide' (the keys are \"app_wide\" and \"shares\")")) {
            try HubGrants(json: #"{ "appwide": [] }"#)
        }
        #expect(throws: GrantsError(message: "\"shares.reviews\" must be a list of strings")) {
            try HubGrants(json: #"{ "shares": { "reviews": "books" } }"#)
        }
    }
}
