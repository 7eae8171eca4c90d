import HTTPTypes

/// The server's routes, listed once: the router is built from them (HubServer+Routes.swift), a
/// path no route takes is answered 404 naming the ones a person opens, and `hub serve --help`
/// describes them all.
///
/// HEAD answers every GET route as GET would, without the body (Router+Head.swift); OPTIONS
/// answers every route with the methods it takes (HubServer+Options.swift).
public enum ServerRoutes {
    /// One route: how it is asked for, what it answers, and what answers it.
    public struct Route: Sendable, Equatable {
        /// The method: `GET` or `POST`.
        public var method: String { requestMethod.rawValue }
        /// The path, with `<uri>` or `<id>` where a view URI or a session's identifier goes.
        public var path: String { routePath.description }
        /// What it answers, in a few words.
        public let answer: String
        /// Whether a person opens it by hand (a view, a preview, the metrics), rather than a
        /// page or a client following a link.
        public let isEntryPoint: Bool
        /// The method, as a request has it.
        let requestMethod: HTTPRequest.Method
        /// Where it is asked for.
        let routePath: RoutePath
        /// What answers it.
        let handler: RouteHandler
        /// The `Cache-Control` of its answers that set none (``CachePolicy``).
        let cacheControl: String

        init(
            _ method: HTTPRequest.Method, _ path: String, handler: RouteHandler, answer: String, cacheControl: String = CachePolicy.other,
            isEntryPoint: Bool = false
        ) {
            (requestMethod, routePath, self.handler, self.answer) = (method, RoutePath(path), handler, answer)
            (self.cacheControl, self.isEntryPoint) = (cacheControl, isEntryPoint)
        }
    }

    /// A view's model, which ``ViewAnswering`` answers too.
    static let view = Route(
        .get, "/views/<uri>", handler: .view, answer: "the view model once its chain settles (ETag, If-None-Match)",
        cacheControl: CachePolicy.views, isEntryPoint: true)

    /// Every route, in the order the router adds them.
    public static let all = [
        view,
        Route(
            .post, "/views/<uri>/actions", handler: .action, answer: "performs an action (or selects a component); the view after it",
            cacheControl: CachePolicy.views),
        Route(
            .get, "/views/<uri>/updates", handler: .viewUpdates, answer: "server-sent events of the view model each time it changes",
            cacheControl: CachePolicy.views),
        Route(.get, "/preview/<uri>", handler: .previewPage, answer: "the preview page, the view in a browser, live", isEntryPoint: true),
        Route(
            .get, "/preview/<uri>/updates", handler: .previewUpdates,
            answer: "server-sent events of what the preview shows, each time it changes"),
        Route(.get, "/preview.js", handler: .previewScript, answer: "the preview page's script"),
        Route(.get, "/preview.css", handler: .previewStyleSheet, answer: "the preview page's style sheet"),
        Route(.post, "/sessions/<id>/select", handler: .select, answer: "a click on the preview, which selects a component of its session"),
        Route(.post, "/sessions/<id>/back", handler: .back, answer: "the preview's back button"),
        Route(.post, "/sessions/<id>/resize", handler: .resize, answer: "the preview's pane resized: its session drawn that wide"),
        Route(.get, "/metrics", handler: .metrics, answer: "Prometheus metrics", cacheControl: CachePolicy.metrics, isEntryPoint: true),
    ]

    /// The paths a person opens, as a sentence lists them: `/views/<uri>, /preview/<uri> and
    /// /metrics`.
    public static let entryPoints: String = {
        let paths = all.filter(\.isEntryPoint).map(\.path)
        guard let last = paths.last else { return "" }
        return paths.count == 1 ? last : paths.dropLast().joined(separator: ", ") + " and " + last
    }()

    /// Every route as help, one a line: `GET /views/<uri>: the view model ...`.
    public static var summary: String {
        all.map { "\($0.method) \($0.path): \($0.answer)." }.joined(separator: "\n")
    }
}

extension ServerRoutes {
    /// What comes before a view's URI in the path of its model: `/views/`.
    static var viewPrefix: String { view.routePath.prefix }

    /// The endings that make a path of a view's model (`/views/<uri>`) another GET route's:
    /// `/updates`.
    static let otherViewEndings: [String] = all.filter { $0.requestMethod == .get && $0.handler != .view }.map(\.routePath)
        .filter { $0.parameter == .uri && $0.prefix == viewPrefix }.compactMap { $0.suffix.map { "/" + $0 } }

    /// The route a request for `path` (without its query) asks for, whatever its method: of the
    /// routes whose path matches, one whose path ends in a suffix (`/views/<uri>/updates`)
    /// before one whose view URI may end anyhow (`/views/<uri>`); nil for none.
    static func route(at path: String) -> Route? {
        var plain: Route?
        for route in all where route.routePath.matches(path) {
            if route.routePath.suffix != nil { return route }
            plain = plain ?? route
        }
        return plain
    }

    /// The path of the model of the view `uri`, path-encoded.
    static func viewPath(of uri: String) -> String {
        view.routePath.path(uri: uri)
    }
}
