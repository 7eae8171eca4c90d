import Hummingbird

extension Router {
    /// Registers `handler` for GET at `path`, and for HEAD: GET's response, status and header
    /// fields, without its body. (Hummingbird's own, `RouterOptions.autoGenerateHeadEndpoints`,
    /// says `Content-Length: 0` where GET's body has no length, an update stream's.)
    @discardableResult
    func getAndHead(_ path: RouterPath, use handler: @escaping @Sendable (Request, Context) async throws -> Response) -> Self {
        get(path, use: handler)
        return head(path) { request, context in
            let response = try await handler(request, context)
            // A body of no length that writes nothing: the length GET's fields give, if any, stays.
            return Response(status: response.status, headers: response.headers, body: ResponseBody { writer in try await writer.finish(nil) })
        }
    }
}
