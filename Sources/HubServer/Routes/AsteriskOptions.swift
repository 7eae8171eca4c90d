import Hummingbird

/// Answers `OPTIONS *`, a question about the server as a whole rather than one of its routes
/// (RFC 9110 §9.3.7), with `204 No Content` and `Allow`: every method some route takes.
struct AsteriskOptions<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .options, request.uri.path == "*" else { return try await next(request, context) }
        return Response(status: .noContent, headers: [.allow: RouteMethods.server])
    }
}
