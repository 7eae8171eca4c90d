import HubCore
import Testing

/// The body of the problem details a failure answers with, in the order the server writes its
/// members, for the request whose id `response`'s `X-Request-Id` names.
func problemBody(of response: WireResponse, status: Int, title: String, detail: String, instance: String) -> String {
    let problem: JSONDictionary = [
        "type": .string("about:blank"), "title": .string(title), "status": .int(status), "detail": .string(detail),
        "instance": .string(instance), "request_id": .string(response.headers["x-request-id"] ?? "(no X-Request-Id)"),
    ]
    return JSONValue.object(problem).serialized()
}

/// Expects `response` to be exactly the problem details of a failure: its status, the headers
/// every failure has, and the body with the request's id.
func expectProblem(
    _ response: WireResponse, status: Int, title: String, detail: String, instance: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(response.status == status, sourceLocation: sourceLocation)
    #expect(response.headers["content-type"] == "application/problem+json", sourceLocation: sourceLocation)
    #expect(response.headers["x-content-type-options"] == "nosniff", sourceLocation: sourceLocation)
    #expect(response.headers["x-request-id"]?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(
        response.text == problemBody(of: response, status: status, title: title, detail: detail, instance: instance),
        sourceLocation: sourceLocation)
}

extension WireResponse {
    /// The lines of a `/metrics` answer.
    var metricLines: Set<String> {
        Set(text.split(separator: "\n").map(String.init))
    }
}
