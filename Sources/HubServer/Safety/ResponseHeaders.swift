import Hummingbird

/// Adds to every response, failures included: `X-Content-Type-Options: nosniff` (a browser
/// takes each answer as the type it says, so no JSON of this server runs as a script),
/// `X-Request-Id` (the request's id, as its log line has it), and the `Cache-Control` of
/// ``CachePolicy`` unless the route set its own.
struct ResponseHeaders<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.requestID] = context.requestID
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = CachePolicy.forPath(request.uri.path)
        }
        return response
    }
}

extension HTTPFields.Element.Name {
    /// `X-Request-Id`: the id a request's log lines have. (A constant token, which is a valid
    /// field name.)
    static let requestID = Self("X-Request-Id")!
}
