import Hummingbird

/// The methods each kind of route takes, as `Allow` lists them (OPTIONS, which every route
/// answers, aside).
enum RouteMethods {
    /// A route that is read: a view, an update stream, a preview, the metrics.
    static let read = "GET, HEAD"
    /// A route that is posted to: a view's actions, a preview's clicks.
    static let post = "POST"
    /// The server as a whole (`OPTIONS *`): every method some route takes.
    static let server = "GET, HEAD, POST, OPTIONS"
}

extension HubServer {
    /// Answers `OPTIONS` on every route with `204 No Content` and `Allow`: the methods that
    /// route takes.
    func addOptions(to router: Router<HubRequestContext>) {
        router.on("/views/**", method: .options) { request, context in
            let (_, actions) = try Self.address(context, query: request.uri.query, suffix: "actions")
            return Self.allowing(actions ? RouteMethods.post : RouteMethods.read)
        }
        router.on("/preview/**", method: .options) { _, _ in Self.allowing(RouteMethods.read) }
        router.on("/sessions/:session/select", method: .options) { _, _ in Self.allowing(RouteMethods.post) }
        router.on("/sessions/:session/back", method: .options) { _, _ in Self.allowing(RouteMethods.post) }
        router.on("/sessions/:session/resize", method: .options) { _, _ in Self.allowing(RouteMethods.post) }
        router.on("/metrics", method: .options) { _, _ in Self.allowing(RouteMethods.read) }
        router.on("/preview.js", method: .options) { _, _ in Self.allowing(RouteMethods.read) }
        router.on("/preview.css", method: .options) { _, _ in Self.allowing(RouteMethods.read) }
    }

    private static func allowing(_ methods: String) -> Response {
        Response(status: .noContent, headers: [.allow: methods])
    }
}
