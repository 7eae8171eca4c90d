import HTTPTypes
import HubCore
import Logging

/// The steps every request passes, in this order, whoever answers it: the router, or
/// ``ViewAnswering`` on the connection's event loop, which runs the same steps without the hop
/// into Swift concurrency.
///
/// 1. ``admit(_:knownHost:)``: the host policy and the refusal of what a browser may have been
///    made to send (``HostPolicy/check(_:knownHost:)``);
/// 2. the route's own steps: for a view, what its cache keeps (``ViewCache/lookUp(_:)``), else
///    a load on a worker (``HubServer/loadView(_:ifNoneMatch:channel:deliver:)``);
/// 3. ``finish(_:to:path:requestID:)``: a failure answered with problem details, and the
///    header fields every answer carries (``ResponseHeaderFields``);
/// 4. ``observe(_:answered:failure:started:logger:)``: the request counted and
///    logged (``AnsweredRequests``).
struct RequestPipeline: Sendable {
    /// The names the server answers to.
    let hosts: HostPolicy
    let metrics: ServerMetrics
    /// Whether problem details carry the located detail (``HubServerConfiguration/isDevelopment``).
    let isDevelopment: Bool
    /// The largest body the server takes, which a 413 names.
    let maxBodyBytes: Int

    /// Step 1: throws the refusal of the request `head`, if any. `knownHost`: a `Host` this
    /// policy allowed a GET or HEAD before, which a GET or HEAD sent to it needs no new look at.
    func admit(_ head: HTTPRequest, knownHost: String? = nil) throws(ViewFailure) {
        try hosts.check(head, knownHost: knownHost)
    }

    /// Step 3: the answer to the request `head`, whose path without its query is `path` and
    /// whose id is `requestID`, from the route's `outcome`, with the header fields every
    /// answer carries; and its failure, if it failed, for ``observe(_:answered:failure:started:logger:)``.
    func finish<Answer: PipelineAnswer>(
        _ outcome: Result<Answer, any Error>, to head: HTTPRequest, path: String, requestID: String
    ) -> (answer: Answer, failure: ViewFailure?) {
        var (answer, failure): (Answer, ViewFailure?)
        switch outcome {
        case .success(let answered):
            (answer, failure) = (answered, nil)
        case .failure(let error):
            let refusal = ViewFailure(answering: error, maxBodyBytes: maxBodyBytes)
            let (fields, body) = refusal.problem(instance: path, requestID: requestID, isDevelopment: isDevelopment)
            (answer, failure) = (Answer(status: refusal.status, headerFields: fields, body: body), refusal)
        }
        ResponseHeaderFields.complete(&answer.headerFields, requestID: requestID, path: path)
        return (answer, failure)
    }

    /// Step 4: counts and logs the request `head`, answered `status` (`failure` when it failed)
    /// `started` ago, with `logger`, which names the request's id. (``ViewAnswering`` takes it
    /// once its answer is written, the router just before.)
    func observe(_ head: HTTPRequest, answered status: HTTPResponse.Status, failure: ViewFailure?, started: UInt64, logger: Logger) {
        AnsweredRequests.observe(head, status: status, failure: failure, since: started, logger: logger, metrics: metrics)
    }
}
