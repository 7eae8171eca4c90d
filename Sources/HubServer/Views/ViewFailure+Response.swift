import HubCore
import Hummingbird

// A failed request answers with RFC 9457 problem details, as application/problem+json:
// `{"type": "about:blank", "title", "status", "detail", "instance", "request_id"}`.

extension ViewFailure {
    /// The problem details of this failure for the request to `instance` (its path) whose id
    /// is `requestID`: in development with the located detail, otherwise with
    /// ``publicDetail(requestID:)``.
    func response(instance: String, requestID: String, isDevelopment: Bool) -> Response {
        let problem: JSONDictionary = [
            "type": .string("about:blank"),
            "title": .string(title),
            "status": .int(Int(status.code)),
            "detail": .string(isDevelopment ? detail : publicDetail(requestID: requestID)),
            "instance": .string(instance),
            "request_id": .string(requestID),
        ]
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if let allowedMethods { headers[.allow] = allowedMethods }
        // Busy or stopping: a retry a second later may well be answered.
        if status == .serviceUnavailable { headers[.retryAfter] = "1" }
        return Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: JSONValue.object(problem).serialized())))
    }

    /// What the problem details say outside development: the detail when it only describes the
    /// client's request (below 500), else a sentence that sends the reader to the server's log,
    /// which has the located error under `requestID`.
    func publicDetail(requestID: String) -> String {
        if let exposedDetail { return exposedDetail }
        if status.code < 500 { return detail }
        return "The server's log has the cause, under request id \(requestID)."
    }
}

extension ViewFailure: HTTPResponseError {
    /// The problem details, without development detail; the server's own middleware answers
    /// with ``response(instance:requestID:isDevelopment:)`` before this is asked.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        response(instance: request.uri.path, requestID: context.requestID, isDevelopment: false)
    }
}
