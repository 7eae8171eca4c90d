import AsyncHTTPClient
import HubCore
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends requests with AsyncHTTPClient on the process's SwiftNIO event loops (the ones
/// Hummingbird serves on), trusting the system's certificate store for TLS. Redirects are not
/// followed here: HubData's `HTTPFetcher` follows them, checking each against the feature's hosts.
///
/// The exchange runs on the NIO event loops from start to end (AsyncHTTPClient's future-based
/// API), never on Swift concurrency's cooperative threads: a Hub ``HubEventLoop`` blocks the thread
/// it runs on while it waits, and that thread may well be one of those few cooperative threads.
public final class AsyncHTTPTransport: HTTPTransport {
    /// The client every transport of the process shares: one connection pool. A connection
    /// that cannot be made fails its requests at once (refused, unreachable), instead of being
    /// tried again until the request's timeout.
    private static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10)),
            decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }()

    /// The shared client, made on the first request: a process that fetches nothing starts no
    /// event loop threads for it.
    private var client: HTTPClient { Self.sharedClient }

    /// A transport on the process's shared client.
    public init() {}

    public func send(
        _ request: HubHTTPRequest, limits: HTTPExchangeLimits, on loop: HubEventLoop,
        completion: @escaping (Result<HubHTTPResponse, HTTPFailure>) -> Void
    ) -> HTTPCancellation {
        let callback = loop.callback(completion)
        let outgoing: HTTPClient.Request
        do {
            outgoing = try Self.outgoing(request)
        } catch {
            callback.deliver(.failure(HTTPFailure(.invalidURL, "\(request.line): not an absolute http or https URL")))
            return HTTPCancellation {}
        }
        // The deadline covers the whole exchange, body included; the collector stops reading
        // past the limit (at once when the content-length announces more).
        let task = client.execute(
            request: outgoing, delegate: ResponseCollector(maxBodyBytes: max(0, limits.maxBodyBytes), method: request.method),
            deadline: .now() + .milliseconds(Int64(limits.timeout)))
        task.futureResult.whenComplete { result in
            callback.deliver(Self.outcome(result, of: request, to: outgoing, limits: limits))
        }
        return HTTPCancellation {
            loop.forget(callback)
            task.cancel()
        }
    }

    /// `request` as AsyncHTTPClient sends it; throws when its URL is not an absolute http(s) one.
    private static func outgoing(_ request: HubHTTPRequest) throws -> HTTPClient.Request {
        var headers = NIOHTTP1.HTTPHeaders()
        for (name, value) in request.headers { headers.add(name: name, value: value) }
        return try HTTPClient.Request(
            url: request.url, method: HTTPMethod(rawValue: request.method), headers: headers,
            body: request.body.map { .bytes($0) })
    }

    /// What the exchange of `request` (sent as `outgoing`) gave, in Hub's terms.
    private static func outcome(
        _ result: Result<HubHTTPResponse, any Error>, of request: HubHTTPRequest, to outgoing: HTTPClient.Request,
        limits: HTTPExchangeLimits
    ) -> Result<HubHTTPResponse, HTTPFailure> {
        switch result {
        case let .success(response):
            return .success(response)
        case .failure(is ResponseCollector.TooLarge):
            return .failure(HTTPFailure(.tooLarge, "\(request.line): the response is larger than \(limits.maxBodyBytes) bytes (max_response)"))
        case let .failure(error as HTTPClientError) where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout:
            return .failure(HTTPFailure(.timeout, "\(request.line): no response within \(limits.timeout) ms"))
        case let .failure(error):
            return .failure(HTTPFailure(.transport, "\(request.line): \(describe(error, host: outgoing.host, port: outgoing.port))"))
        }
    }

    /// What went wrong talking to `host`:`port`, in words an author reads.
    private static func describe(_ error: any Error, host: String, port: Int) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .remoteConnectionClosed: return "the server closed the connection before the response ended"
            case .connectTimeout: return "connecting timed out"
            default: return "\(error)"
            }
        }
        if let error = error as? NIOConnectionError {
            let causes = error.connectionErrors.map { "\($0.error)" }
            let refused = error.connectionErrors.contains { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }
            if refused || causes.contains(where: { $0.contains("ECONNREFUSED") || $0.contains("refused") }) {
                return "connection refused (\(error.host):\(error.port))"
            }
            if let dns = error.dnsAAAAError ?? error.dnsAError { return "cannot resolve \(error.host): \(dns)" }
            return "cannot connect to \(error.host):\(error.port): " + causes.joined(separator: "; ")
        }
        if let error = error as? IOError {
            // Connecting to an IP address directly fails with the socket's error.
            if error.errnoCode == ECONNREFUSED { return "connection refused (\(host):\(port))" }
            return "connection failed: \(error)"
        }
        if error is NIOSSLError || error is BoringSSLError {
            return "TLS with \(host):\(port) failed: \(error)"
        }
        if let error = error as? HTTPParserError {
            // The connection ended inside a body whose length was announced.
            if case .invalidEOFState = error { return "the server closed the connection before the response ended" }
            return "malformed response (\(error))"
        }
        return "\(error)"
    }
}
