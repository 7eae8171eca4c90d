import HTTPTypes
import Hummingbird
import Testing
@testable import HubServer

/// The table of routes is the source of the router: every path the router takes comes from it,
/// with the methods its routes take (HEAD with GET, OPTIONS everywhere), and nothing else.
@Suite struct ServerRoutesTests {
    @Test func theRouterTakesThePathsOfTheTableAndNoOthers() async throws {
        try await withServer([ServerPaths.fixture("Live")]) { server in
            let routes = server.server.makeRouter().routes.map(\.description)
            #expect(Set(routes) == [
                "GET /views/**", "HEAD /views/**", "POST /views/**", "OPTIONS /views/**",
                "GET /preview/**", "HEAD /preview/**", "OPTIONS /preview/**",
                "GET /preview.js", "HEAD /preview.js", "OPTIONS /preview.js",
                "GET /preview.css", "HEAD /preview.css", "OPTIONS /preview.css",
                "POST /sessions/{id}/select", "OPTIONS /sessions/{id}/select",
                "POST /sessions/{id}/back", "OPTIONS /sessions/{id}/back",
                "POST /sessions/{id}/resize", "OPTIONS /sessions/{id}/resize",
                "GET /metrics", "HEAD /metrics", "OPTIONS /metrics",
            ])
            #expect(routes.count == 22, "each once: \(routes)")
        }
    }

    @Test func aPathIsWrittenOnceAndReadForTheRouterTheHelpAndRequests() {
        let actions = RoutePath("/views/<uri>/actions")
        #expect(actions.prefix == "/views/" && actions.parameter == .uri && actions.suffix == "actions")
        #expect(actions.routerPath == "/views/**" && actions.description == "/views/<uri>/actions")
        #expect(actions.matches("/views/songs:list/actions") && !actions.matches("/preview/songs:list"))
        let select = RoutePath("/sessions/<id>/select")
        #expect(select.routerPath == "/sessions/:id/select" && select.description == "/sessions/<id>/select")
        #expect(select.matches("/sessions/0-a/select") && !select.matches("/sessions/0-a/back") && !select.matches("/sessions//select"))
        let metrics = RoutePath("/metrics")
        #expect(metrics.parameter == nil && metrics.routerPath == "/metrics" && metrics.matches("/metrics") && !metrics.matches("/metrics/x"))
        #expect(ServerRoutes.viewPath(of: "cities:overview") == "/views/cities:overview")
        #expect(ServerRoutes.viewPrefix == "/views/" && ServerRoutes.otherViewEndings == ["/updates"])
        #expect(ServerRoutes.route(at: "/preview.js")?.answer == "the preview page's script")
        #expect(ServerRoutes.route(at: "/preview.css")?.answer == "the preview page's style sheet")
        // The Cache-Control of an answer that sets none is its route's.
        #expect(CachePolicy.forPath("/metrics") == "no-store" && CachePolicy.forPath("/views/x/actions") == "no-cache")
        #expect(CachePolicy.forPath("/nowhere") == "no-cache")
        // A path with a suffix is its suffixed route's, though the view's route matches it too.
        #expect(actions.matches("/views/a:b/actions") && !actions.matches("/views/actions") && !actions.matches("/views/a:b"))
        #expect(ServerRoutes.route(at: "/views/a:b/actions")?.handler == .action)
        #expect(ServerRoutes.route(at: "/views/a:b/updates")?.handler == .viewUpdates)
        #expect(ServerRoutes.route(at: "/views/a:b")?.handler == .view)
        #expect(ServerRoutes.route(at: "/preview/a:b/updates")?.handler == .previewUpdates)
        #expect(ServerRoutes.route(at: "/sessions/0-a/back")?.handler == .back && ServerRoutes.route(at: "/nowhere") == nil)
    }

    @Test func aMethodNoRouteTakesAtAViewsPathIsRefusedWithTheOnesThatDo() throws {
        let views = try #require(RoutePlace.all.first { $0.routerPath == "/views/**" })
        let refusal = #expect(throws: ViewFailure.self) { try views.route(for: .post, segments: ["songs:list"]) }
        #expect(refusal?.status == .methodNotAllowed && refusal?.allowedMethods == "GET, HEAD")
        #expect(refusal?.detail == "POST is taken at /views/<uri>/actions only")
        let (route, uri) = try views.route(for: .get, segments: ["echo:a", "actions"])
        #expect(route.handler == .view && uri == ["echo:a", "actions"], "a GET's view URI may end in actions")
        #expect(views.allowed(segments: ["songs:list", "actions"]) == "POST")
        #expect(views.allowed(segments: ["songs:list", "updates"]) == "GET, HEAD")
    }
}
