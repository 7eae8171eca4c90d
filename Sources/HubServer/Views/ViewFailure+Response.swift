import HubCore
import Hummingbird

// A failed view request answers with RFC 9457 problem details:
// `{"type": "about:blank", "title", "status", "detail", "instance"}` as application/problem+json.

extension ViewFailure: HTTPResponseError {
    func response(from request: Request, context: some RequestContext) throws -> Response {
        let problem: JSONDictionary = [
            "type": .string("about:blank"),
            "title": .string(title),
            "status": .int(Int(status.code)),
            "detail": .string(detail),
            "instance": .string(request.uri.path),
        ]
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if let allowedMethods { headers[.allow] = allowedMethods }
        // Busy or stopping: a retry a second later may well be answered.
        if status == .serviceUnavailable { headers[.retryAfter] = "1" }
        return Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: JSONValue.object(problem).serialized())))
    }
}
