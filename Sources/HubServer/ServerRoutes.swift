/// The server's routes, listed once: the router serves them (HubServer+Routes.swift), a path no
/// route takes is answered 404 naming the ones a person opens, and `hub serve --help` describes
/// them all.
///
/// HEAD answers every GET route as GET would, without the body (Router+Head.swift); OPTIONS
/// answers every route with the methods it takes (HubServer+Options.swift).
public enum ServerRoutes {
    /// One route: how it is asked for, and what it answers.
    public struct Route: Sendable, Equatable {
        /// The method: `GET` or `POST`.
        public let method: String
        /// The path, with `<uri>` or `<id>` where a view URI or a session's identifier goes.
        public let path: String
        /// What it answers, in a few words.
        public let answer: String
        /// Whether a person opens it by hand (a view, a preview, the metrics), rather than a
        /// page or a client following a link.
        public let isEntryPoint: Bool
    }

    /// Every route, in the order the router adds them.
    public static let all = [
        Route(method: "GET", path: "/views/<uri>", answer: "the view model once its chain settles (ETag, If-None-Match)", isEntryPoint: true),
        Route(method: "POST", path: "/views/<uri>/actions", answer: "performs an action (or selects a component); the view after it", isEntryPoint: false),
        Route(method: "GET", path: "/views/<uri>/updates", answer: "server-sent events of the view model each time it changes", isEntryPoint: false),
        Route(method: "GET", path: "/preview/<uri>", answer: "the preview page, the view in a browser, live", isEntryPoint: true),
        Route(method: "GET", path: "/preview/<uri>/updates", answer: "server-sent events of what the preview shows, each time it changes", isEntryPoint: false),
        Route(method: "GET", path: "/preview.js, /preview.css", answer: "the preview page's script and style sheet", isEntryPoint: false),
        Route(method: "POST", path: "/sessions/<id>/select", answer: "a click on the preview, which selects a component of its session", isEntryPoint: false),
        Route(method: "POST", path: "/sessions/<id>/back", answer: "the preview's back button", isEntryPoint: false),
        Route(method: "POST", path: "/sessions/<id>/resize", answer: "the preview's pane resized: its session drawn that wide", isEntryPoint: false),
        Route(method: "GET", path: "/metrics", answer: "Prometheus metrics", isEntryPoint: true),
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
