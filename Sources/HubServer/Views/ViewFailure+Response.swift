import HubCore
import Hummingbird

// A failed request answers with RFC 9457 problem details, as application/problem+json:
// `{"type": "about:blank", "title", "status", "detail", "instance", "request_id"}`.

extension ViewFailure {
    /// The problem details of this failure for the request to `instance` (its path) whose id
    /// is `requestID`: in development with the located detail, otherwise with
    /// ``publicDetail(requestID:)``.
    func response(instance: String, requestID: String, isDevelopment: Bool) -> Response {
        let (fields, body) = problem(instance: instance, requestID: requestID, isDevelopment: isDevelopment)
        return Response(status: status, headerFields: fields, body: body)
    }

    /// The header fields and body of ``response(instance:requestID:isDevelopment:)``.
    func problem(instance: String, requestID: String, isDevelopment: Bool) -> (fields: HTTPFields, body: ByteBuffer) {
        let problem: JSONDictionary = [
            "type": .string("about:blank"),
            "title": .string(title),
            "status": .int(Int(status.code)),
            "detail": .string(isDevelopment ? detail : publicDetail(requestID: requestID)),
            "instance": .string(instance),
            "request_id": .string(requestID),
        ]
        var fields: HTTPFields = [.contentType: "application/problem+json"]
        if let allowedMethods { fields[.allow] = allowedMethods }
        // Busy or stopping: a retry a second later may well be answered.
        if status == .serviceUnavailable { fields[.retryAfter] = "1" }
        return (fields, ByteBuffer(string: JSONValue.object(problem).serialized()))
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
    /// The problem details, without development detail; the server's own pipeline answers
    /// with ``problem(instance:requestID:isDevelopment:)`` before this is asked.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        response(instance: request.uri.path, requestID: context.requestID, isDevelopment: false)
    }
}
