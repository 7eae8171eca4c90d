/// An HTTP request an operation makes.
public struct HubHTTPRequest: Sendable, Equatable {
    /// `GET`, `POST`, ... (upper case).
    public var method: String
    /// The absolute `http:` or `https:` URL.
    public var url: String
    public var headers: HubHTTPHeaders
    /// The body sent; nil: none.
    public var body: [UInt8]?

    public init(method: String = "GET", url: String, headers: HubHTTPHeaders = HubHTTPHeaders(), body: [UInt8]? = nil) {
        self.method = method.uppercased()
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// `GET http://host/path`, for messages.
    public var line: String { "\(method) \(url)" }
}

/// An HTTP response: its status, headers and whole body.
public struct HubHTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: HubHTTPHeaders
    public var body: [UInt8]
    /// Whether the cache answered (after revalidating with the server, or without asking it).
    public var fromCache = false
    /// Why the cache answered with a stale response; nil when it did not.
    public var stale: HTTPStaleReason?

    public init(status: Int, headers: HubHTTPHeaders = HubHTTPHeaders(), body: [UInt8] = [], fromCache: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fromCache = fromCache
    }
}

/// Why an HTTP request got no response: each is a located error in the script that made it.
public struct HTTPFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure.
    public enum Kind: String, Sendable {
        /// The transport failed: refused, reset, DNS, TLS, a malformed response.
        case transport
        /// No response within the request's timeout.
        case timeout
        /// The response body was larger than the feature allows.
        case tooLarge
        /// The screen is offline: nothing was sent.
        case offline
        /// The feature does not list the host in `hosts`: nothing was sent.
        case hostNotAllowed
        /// Redirects went on past the limit.
        case tooManyRedirects
        /// The URL is not an absolute `http:` or `https:` URL.
        case invalidURL
    }

    public var kind: Kind
    /// What happened, naming the request.
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The error domain scripts see: `connectivity` when offline, otherwise `network`.
    public var domain: String { kind == .offline ? "connectivity" : "network" }

    /// The code within the domain.
    public var code: Int {
        switch kind {
        case .transport, .offline: 1
        case .timeout: 2
        case .tooLarge: 3
        case .hostNotAllowed: 4
        case .tooManyRedirects: 5
        case .invalidURL: 6
        }
    }

    public var description: String { message }
}

/// How much one exchange may take: the transport stops reading past `maxBodyBytes` and gives
/// up after `timeout` milliseconds.
public struct HTTPExchangeLimits: Sendable, Equatable {
    public var maxBodyBytes: Int
    public var timeout: Int

    public init(maxBodyBytes: Int, timeout: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.timeout = timeout
    }
}

/// Stops an exchange under way: its completion is not called after this.
public struct HTTPCancellation {
    private let body: () -> Void

    public init(_ body: @escaping () -> Void) {
        self.body = body
    }

    /// Stops the exchange.
    public func cancel() { body() }
}

/// Sends HTTP requests for a `HubManager`'s screens: the seam where an embedder or a test
/// puts its own transport (recordings, a proxy). Called on the loop's thread.
public protocol HTTPTransport: AnyObject {
    /// Sends `request` as one exchange (redirects are not followed: a 3xx is the response),
    /// within `limits`, and calls `completion` once, on `loop`'s thread, with the response or
    /// why there is none; not after `cancel()`.
    func send(
        _ request: HubHTTPRequest, limits: HTTPExchangeLimits, on loop: HubEventLoop,
        completion: @escaping (Result<HubHTTPResponse, HTTPFailure>) -> Void
    ) -> HTTPCancellation
}
