import HubCore

/// One recorded HTTP exchange: a request and what came back for it, as `hub test` replays it
/// from a feature's `tests/http/` folder, one file per exchange.
///
/// The file format:
///
/// ```
/// # Recorded by hub test --record. Edit the status, headers, body or delay by hand.
/// GET http://127.0.0.1:8099/food.json
/// accept: application/json
///
/// HTTP 200 after 300 ms
/// content-type: application/json
/// etag: "abc"
///
/// {"title": "Delicious Food"}
/// ```
///
/// - Leading lines starting with `#` (and empty ones) are comments; the writer writes the one
///   comment line above.
/// - The request line `METHOD URL`, then the request's header lines `name: value` up to an
///   empty line, then the request body: every line up to the response line (exclusive), joined
///   with newlines, the newline before the response line not included; none: no body.
/// - The response line `HTTP <3-digit status>`, optionally followed by ` after <N> ms`: the
///   response's header lines up to an empty line, then its body, which is the rest of the file
///   verbatim (no newline added or removed).
/// - Or the failure line `FAIL <message>`, optionally followed by ` after <N> ms`: the
///   transport failed saying `message` (`connection refused`); nothing follows it.
/// - Header names are written lower case. The request's headers are informative: a request
///   matches a recording by its method, URL and body only.
/// - A body that is not UTF-8 text (or a request body with a line starting with `HTTP` or
///   `FAIL`) is written in base64, with the header line `x-hub-body: base64` added after the
///   others; it is read back to its bytes, without that header.
public struct HTTPRecording: Sendable, Equatable {
    /// What came back for the request.
    public enum Outcome: Sendable, Equatable {
        /// The server answered with this response.
        case response(HubHTTPResponse)
        /// The transport failed with this message (no request line in front of it).
        case failure(String)
    }

    /// The request: its method, URL and body are what is matched; its headers are informative.
    public var request: HubHTTPRequest
    /// What came back for it.
    public var outcome: Outcome
    /// How many milliseconds pass before the outcome arrives when it is replayed.
    public var delay: Int

    /// A recording of `request` answered by `outcome` after `delay` milliseconds; an empty
    /// request body is no body.
    public init(request: HubHTTPRequest, outcome: Outcome, delay: Int = 0) {
        self.request = request
        if request.body?.isEmpty == true { self.request.body = nil }
        self.outcome = outcome
        self.delay = delay
    }

    /// The response headers the writer leaves out: about one connection. Date is kept: the
    /// cache reads ages and expiry against it, and a replay moves it (see ``replayed(_:at:)``).
    public static let unrecordedHeaders: Set<String> = ["connection", "keep-alive", "transfer-encoding", "content-length"]

    /// Request headers whose values a recording leaves out (request headers are not matched);
    /// a response's `set-cookie` is not written either.
    public static let secretRequestHeaders = ["authorization", "proxy-authorization", "cookie"]

    /// What `hub test --record` writes for `request` that came back with `result`, after no
    /// delay: the response without ``unrecordedHeaders`` and not from the cache, or a transport
    /// failure's message without the request line in front of it. Nil for the other failures
    /// (a timeout, a response too large, ...), which the backend did not answer.
    public init?(recordingOf request: HubHTTPRequest, result: Result<HubHTTPResponse, HTTPFailure>) {
        // Recordings are committed: the secrets a request or response carries are not written.
        var request = request
        for name in Self.secretRequestHeaders where request.headers.contains(name) { request.headers.set(name, "(not recorded)") }
        switch result {
        case .success(let response):
            var recorded = HubHTTPResponse(status: response.status, body: response.body)
            for field in response.headers where !Self.unrecordedHeaders.contains(field.name) && field.name != "set-cookie" {
                recorded.headers.add(field.name, field.value)
            }
            self.init(request: request, outcome: .response(recorded))
        case .failure(let failure):
            guard failure.kind == .transport else { return nil }
            var message = failure.message
            let prefix = request.line + ": "
            if message.hasPrefix(prefix) { message.removeFirst(prefix.count) }
            self.init(request: request, outcome: .failure(Self.oneLine(message)))
        }
    }

    /// What failed when the recording is of an exchange that failed: the transport's message, or
    /// the status of a server error (`HTTP 503`); nil for any other answer.
    public var failure: String? {
        switch outcome {
        case .failure(let message): message
        case .response(let response) where response.status >= 500: "HTTP \(response.status)"
        case .response: nil
        }
    }

    /// Whether `request` is the one recorded: the same method, URL and body (no body and an
    /// empty one are the same).
    public func matches(_ request: HubHTTPRequest) -> Bool {
        self.request.method == request.method && self.request.url == request.url
            && (self.request.body ?? []) == (request.body ?? [])
    }

    /// `message` with its line breaks made spaces, to fit on the failure line.
    static func oneLine(_ message: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in message.unicodeScalars { scalars.append(scalar == "\n" || scalar == "\r" ? " " : scalar) }
        return String(scalars)
    }
}
