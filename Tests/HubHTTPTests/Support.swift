import HubCore
import HubHTTP
import HubTestBackend
import Testing

/// What one exchange gave, and how long the loop waited for it (milliseconds).
struct Exchanged {
    let result: Result<HubHTTPResponse, HTTPFailure>?
    let elapsed: Int

    /// The response; records an issue and returns nil when the exchange failed.
    func response(sourceLocation: SourceLocation = #_sourceLocation) -> HubHTTPResponse? {
        switch result {
        case let .success(response): return response
        case let .failure(failure):
            Issue.record("expected a response, got \(failure.kind): \(failure.message)", sourceLocation: sourceLocation)
        case nil:
            Issue.record("no result within the loop's timeout", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// The failure; records an issue and returns nil when there was a response.
    func failure(sourceLocation: SourceLocation = #_sourceLocation) -> HTTPFailure? {
        switch result {
        case let .failure(failure): return failure
        case let .success(response):
            Issue.record("expected a failure, got status \(response.status)", sourceLocation: sourceLocation)
        case nil:
            Issue.record("no result within the loop's timeout", sourceLocation: sourceLocation)
        }
        return nil
    }
}

/// Generous limits, for requests that are not about limits.
let roomyLimits = HTTPExchangeLimits(maxBodyBytes: 1 << 20, timeout: 5_000)

/// Limits with an hour to answer, longer than any test waits: an exchange under them ends by
/// what the test is about (a refusal, a close, a cancellation), never by its timeout.
let unhurriedLimits = HTTPExchangeLimits(maxBodyBytes: 1 << 20, timeout: 3_600_000)

/// Sends `request` with `transport` the way Hub does: on a real-clock ``HubEventLoop``, running it
/// until the completion came (or a minute passed, which only an exchange that hangs reaches).
func exchange(
    _ transport: AsyncHTTPTransport, _ request: HubHTTPRequest, limits: HTTPExchangeLimits = roomyLimits
) -> Exchanged {
    let loop = HubEventLoop(clock: .real)
    var result: Result<HubHTTPResponse, HTTPFailure>?
    let start = loop.now
    _ = transport.send(request, limits: limits, on: loop) { result = $0 }
    loop.run(until: { result != nil }, timeout: 60_000)
    return Exchanged(result: result, elapsed: loop.now - start)
}

/// Checks that `transport` still gets an ordinary answer from `backend` (after a hostile case).
func expectStillWorks(_ transport: AsyncHTTPTransport, _ backend: TestBackend, sourceLocation: SourceLocation = #_sourceLocation) {
    backend.route("/fine", .text("fine"))
    let response = exchange(transport, HubHTTPRequest(url: backend.url("/fine"))).response(sourceLocation: sourceLocation)
    #expect(response?.status == 200, sourceLocation: sourceLocation)
    #expect(response?.body == Array("fine".utf8), sourceLocation: sourceLocation)
}
