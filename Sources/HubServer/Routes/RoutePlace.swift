import HTTPTypes

/// A path the router takes, and the routes of ``ServerRoutes`` asked for there: one, or, at a
/// view URI's catch-all (`/views/**`), those that the path's last segment tells apart
/// (`/views/<uri>`, `/views/<uri>/actions`, `/views/<uri>/updates`).
struct RoutePlace: Sendable {
    /// The path as the router takes it.
    let routerPath: String
    /// The routes here, each with its path.
    let routes: [(route: ServerRoutes.Route, path: RoutePath)]

    /// Every place of ``ServerRoutes/all``, in its order.
    static let all: [RoutePlace] = {
        var places: [RoutePlace] = []
        for route in ServerRoutes.all {
            let path = route.routePath
            if let index = places.firstIndex(where: { $0.routerPath == path.routerPath }) {
                places[index] = RoutePlace(routerPath: path.routerPath, routes: places[index].routes + [(route, path)])
            } else {
                places.append(RoutePlace(routerPath: path.routerPath, routes: [(route, path)]))
            }
        }
        return places
    }()

    /// The methods the routes here take, in their order.
    var methods: [HTTPRequest.Method] {
        routes.map(\.route.requestMethod).reduce(into: []) { methods, method in if !methods.contains(method) { methods.append(method) } }
    }

    /// The route that a request of `method`, whose path has the catch-all segments `segments`,
    /// asks for, and the segments of its view URI; 405 when no route here takes `method` for
    /// that path.
    func route(for method: HTTPRequest.Method, segments: [Substring]) throws(ViewFailure) -> (ServerRoutes.Route, ArraySlice<Substring>) {
        if let (routes, uri) = routes(at: segments, taking: method), let route = routes.first {
            return (route.route, uri)
        }
        let paths = routes.filter { $0.route.requestMethod == method }.map(\.path.description)
        throw ViewFailure.methodNotAllowed("\(method) is taken at \(paths.joined(separator: " and ")) only", allowed: allowed(segments: segments))
    }

    /// The methods that the routes here take for a path whose catch-all segments are
    /// `segments`, as `Allow` lists them: a route whose suffix is the last segment first.
    func allowed(segments: [Substring]) -> String {
        RouteMethods.allow(routes(at: segments, taking: nil)?.routes.map(\.route.requestMethod) ?? [])
    }

    /// The routes here, of `method` if given, that a path whose catch-all segments are
    /// `segments` asks for (those whose suffix is its last segment, else those with none), and
    /// the segments of the view URI; nil when there are none.
    private func routes(
        at segments: [Substring], taking method: HTTPRequest.Method?
    ) -> (routes: [(route: ServerRoutes.Route, path: RoutePath)], uri: ArraySlice<Substring>)? {
        let candidates = method.map { method in routes.filter { $0.route.requestMethod == method } } ?? routes
        guard routes.contains(where: { $0.path.parameter == .uri }) else { return candidates.isEmpty ? nil : (candidates, []) }
        if segments.count > 1, let last = segments.last {
            let suffixed = candidates.filter { $0.path.suffix.map { Substring($0) == last } ?? false }
            if !suffixed.isEmpty { return (suffixed, segments.dropLast()) }
        }
        let plain = candidates.filter { $0.path.suffix == nil }
        return plain.isEmpty ? nil : (plain, segments[...])
    }
}
