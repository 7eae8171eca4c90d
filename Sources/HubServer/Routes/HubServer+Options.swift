import Hummingbird

/// The methods routes take, as `Allow` lists them (OPTIONS, which every route answers, aside).
enum RouteMethods {
    /// `methods`, those of some routes, as `Allow` lists them: GET with HEAD, each once.
    static func allow(_ methods: [HTTPRequest.Method]) -> String {
        var allowed: [HTTPRequest.Method] = []
        for method in methods.flatMap({ $0 == .get ? [.get, .head] : [$0] }) where !allowed.contains(method) {
            allowed.append(method)
        }
        return allowed.map(\.rawValue).joined(separator: ", ")
    }

    /// The server as a whole (`OPTIONS *`): every method some route takes, and OPTIONS.
    static let server = allow(ServerRoutes.all.map(\.requestMethod) + [.options])
}

extension HubServer {
    /// Answers `OPTIONS` at `place` with `204 No Content` and `Allow`: the methods the route
    /// asked for takes.
    func addOptions(at place: RoutePlace, to router: Router<HubRequestContext>) {
        router.on(RouterPath(place.routerPath), method: .options) { _, context in
            Response(status: .noContent, headers: [.allow: place.allowed(segments: context.parameters.getCatchAll())])
        }
    }
}
