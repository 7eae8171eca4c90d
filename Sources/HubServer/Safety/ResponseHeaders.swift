import HTTPTypes
import Hummingbird

/// Adds to every response, failures included: `X-Content-Type-Options: nosniff` (a browser
/// takes each answer as the type it says, so no JSON of this server runs as a script),
/// `X-Request-Id` (the request's id, as its log line has it), and the `Cache-Control` of
/// ``CachePolicy`` unless the route set its own.
struct ResponseHeaders<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        ResponseHeaderFields.complete(&response.headers, requestID: context.requestID, path: request.uri.path)
        return response
    }
}

/// The header fields every response of the server carries, added by ``ResponseHeaders`` below
/// the router and by ``ViewAnswering`` before it.
enum ResponseHeaderFields {
    /// The `Server` every response names (Hummingbird's `serverName`).
    static let serverName = "hub"

    /// Adds to `fields`, the fields of the answer to the request `requestID` for `path`, what
    /// ``ResponseHeaders`` says. (No answer sets `X-Content-Type-Options` or `X-Request-Id`
    /// itself: they are appended, which costs less than setting them.)
    static func complete(_ fields: inout HTTPFields, requestID: String, path: String) {
        fields.append(nosniff)
        fields.append(HTTPField(name: .requestID, value: requestID))
        if !fields.contains(.cacheControl) {
            fields.append(HTTPField(name: .cacheControl, value: CachePolicy.forPath(path)))
        }
    }

    /// `X-Content-Type-Options: nosniff`, made once (a field checks its value when made).
    private static let nosniff = HTTPField(name: .xContentTypeOptions, value: "nosniff")

    /// `Server`, made once.
    static let server = HTTPField(name: .server, value: serverName)
}

extension HTTPFields.Element.Name {
    /// `X-Request-Id`: the id a request's log lines have. (A constant token, which is a valid
    /// field name.)
    static let requestID = Self("X-Request-Id")!
}
