import Foundation
import HubCore

/// Makes the HTTP requests of one runtime's scripts, on its loop's thread: checks each against
/// the feature's `HTTPPolicy` and the screen's connectivity before anything is sent, answers
/// from the shared ``HTTPCache`` when it can, follows redirects (each one checked again), and
/// keeps the request within its time and size limits. What it completes with always comes on a
/// later turn of the loop, never from inside the call.
public final class HTTPFetcher {
    /// Sends what the fetcher cannot answer itself.
    public let transport: any HTTPTransport
    /// Responses shared with other fetchers (every runtime of a server); nil: none.
    public let cache: HTTPCache?
    let loop: HubEventLoop
    /// The background revalidations under way, by partition, method and URL, each with whom to
    /// tell how it ends: one request answers every stale hit meanwhile.
    private var revalidating: [HTTPCacheEntry.Key: [HTTPRevalidationWatch]] = [:]

    /// A fetcher sending through `transport` on `loop`, with `cache`.
    public init(transport: any HTTPTransport, cache: HTTPCache?, loop: HubEventLoop) {
        self.transport = transport
        self.cache = cache
        self.loop = loop
    }

    /// The cache's clock: the loop's wall clock (`HubEventLoop.wallClock`), which on a virtual
    /// loop starts at a fixed instant and follows its virtual time.
    private var cacheNow: Int {
        loop.wallClock
    }

    /// Fetches `request` under `policy`, within `timeout` milliseconds at most (nil: the
    /// policy's), failing at once when `offline`; the cache answers it only with what requests of
    /// `partition` stored (see ``HTTPCache``), as `cacheMode` says. Calls `completion` once on
    /// the loop's thread, unless the returned cancellation is used first.
    ///
    /// A stale response within its `stale-while-revalidate` answers at once, and is revalidated
    /// meanwhile, into the cache, and `watch` is told how that ended (``HTTPRevalidationWatch``).
    /// One within its `stale-if-error` answers when the server fails or answers 500,
    /// 502, 503 or 504. A request the cache must answer alone (`only-if-cached`) and cannot gets
    /// a 504 without anything sent.
    public func fetch(
        _ request: HubHTTPRequest, policy: HTTPPolicy, partition: String, offline: Bool, timeout: Int? = nil,
        cacheMode: HTTPCacheMode = .default, watch: HTTPRevalidationWatch? = nil,
        completion: @escaping (Result<HubHTTPResponse, HTTPFailure>) -> Void
    ) -> HTTPCancellation {
        let exchange = Exchange(
            fetcher: self, policy: policy, partition: partition, cacheMode: cacheMode, watch: watch, completion: completion)
        let limit = min(timeout ?? policy.timeout, policy.timeout)
        if offline {
            exchange.finish(.failure(HTTPFailure(
                .offline, "\(request.line) was not sent: the screen is offline (its connectivity is \"offline\")")))
        } else {
            exchange.start(request, timeout: limit)
        }
        return HTTPCancellation { exchange.cancel() }
    }

    /// Validates `validation`'s stored response for `request` of `partition` with nobody waiting
    /// (RFC 5861 §3), unless a revalidation of it is under way already (`watch` joins it), or
    /// the policy's `maxInFlight` revalidations of the partition are (the stale response still
    /// answers, and a later hit revalidates it). A 304 freshens it; another response is stored
    /// as any, and the watches are told when it replaced the stale one's status or body and is
    /// fresh; a failure, a server error or a redirect changes nothing, and the watches are told.
    private func revalidateInBackground(
        _ request: HubHTTPRequest, _ validation: HTTPCacheValidation, policy: HTTPPolicy, partition: String,
        watch: HTTPRevalidationWatch?
    ) {
        let key = HTTPCacheEntry.key(request, partition: partition)
        if let watches = revalidating[key] {
            if let watch, !watches.contains(where: { $0.asker == watch.asker }) { revalidating[key]?.append(watch) }
            return
        }
        guard revalidating.keys.count(where: { $0.partition == partition }) < max(1, policy.maxInFlight) else { return }
        revalidating[key] = watch.map { [$0] } ?? []
        var sent = request
        for (name, value) in validation.conditions { sent.headers.set(name, value) }
        let sentAt = cacheNow
        let limits = HTTPExchangeLimits(maxBodyBytes: policy.maxResponseBytes, timeout: policy.timeout)
        _ = transport.send(sent, limits: limits, on: loop) { [self] result in
            let watches = revalidating.removeValue(forKey: key) ?? []
            let failed = { (text: String) in watches.forEach { $0.failed("revalidating \(request.line) in the background: \(text)") } }
            guard case .success(let response) = result, !Exchange.isError(result) else {
                return failed(Exchange.reason(result, of: request))
            }
            if Exchange.redirect(from: request, response: response) != nil {
                return failed("the server answered \(response.status), a redirect, which is followed only in the foreground")
            }
            guard let cache else { return }
            if response.status == 304 {
                _ = cache.revalidated(request, partition: partition, with: response, stored: validation.stored, requestTime: sentAt, now: cacheNow)
                return
            }
            cache.store(response, for: request, partition: partition, requestTime: sentAt, now: cacheNow)
            // Asking again is worth it only for another status or body that the cache now
            // answers fresh: one stale at once would be answered stale and revalidated again,
            // and a server whose every answer differs (a clock in the body) would have the
            // asker run again and again.
            let stale = validation.stored
            guard response.status != stale.status || response.body != stale.body,
                case .fresh = cache.lookup(request, partition: partition, now: cacheNow)
            else { return }
            watches.forEach { $0.replaced() }
        }
    }

    /// One request and the redirects that follow it.
    private final class Exchange {
        let fetcher: HTTPFetcher
        let policy: HTTPPolicy
        /// The cache partition of the requests.
        let partition: String
        let cacheMode: HTTPCacheMode
        /// Told how a background revalidation of a stale response it answered ends.
        let watch: HTTPRevalidationWatch?
        var completion: ((Result<HubHTTPResponse, HTTPFailure>) -> Void)?
        var hop: HTTPCancellation?
        var timer: HubEventLoop.TimerID?
        /// The turn that calls the completion, once the exchange has finished.
        var finishing: HubEventLoop.TimerID?
        var redirects = 0
        /// What the exchange ends with when its time is up, whichever hop was under way.
        var expired: HTTPFailure?
        /// The stale response the hop under way may answer with when it fails (RFC 5861 §4):
        /// its time running out is a failure too.
        var staleIfError: HubHTTPResponse?

        init(
            fetcher: HTTPFetcher, policy: HTTPPolicy, partition: String, cacheMode: HTTPCacheMode, watch: HTTPRevalidationWatch?,
            completion: @escaping (Result<HubHTTPResponse, HTTPFailure>) -> Void
        ) {
            self.watch = watch
            self.fetcher = fetcher
            self.policy = policy
            self.partition = partition
            self.cacheMode = cacheMode
            self.completion = completion
        }

        func start(_ request: HubHTTPRequest, timeout: Int) {
            // The timer and the transport's completion keep the exchange until it ends.
            let expired = HTTPFailure(.timeout, "\(request.line): no response within \(timeout) ms")
            self.expired = expired
            timer = fetcher.loop.schedule(after: timeout, isWatchdog: true) { [self] in
                guard let stale = staleIfError else { return finish(.failure(expired)) }
                answerStale(stale, for: request, because: .failure(expired))
            }
            send(request, deadline: fetcher.loop.now + timeout)
        }

        /// Sends one hop, asking the cache first.
        func send(_ request: HubHTTPRequest, deadline: Int) {
            if let problem = Self.refusal(of: request, policy: policy, redirected: redirects > 0) {
                return finish(.failure(problem))
            }
            var sent = request
            for field in cacheMode.networkFields where !request.headers.contains(field.name) {
                sent.headers.add(field.name, field.value)
            }
            var validation: HTTPCacheValidation?
            if let cache = fetcher.cache {
                switch cache.lookup(request, partition: partition, now: fetcher.cacheNow, mode: cacheMode) {
                case .fresh(let response):
                    return finish(.success(response))
                case .staleWhileRevalidate(let response, let stale):
                    fetcher.revalidateInBackground(request, stale, policy: policy, partition: partition, watch: watch)
                    return finish(.success(response))
                case .unavailable:
                    return finish(.success(HubHTTPResponse(status: 504)))
                case .stale(let stale):
                    for (name, value) in stale.conditions { sent.headers.set(name, value) }
                    validation = stale
                    staleIfError = stale.ifError
                case .miss:
                    break
                }
            }
            let limits = HTTPExchangeLimits(maxBodyBytes: policy.maxResponseBytes, timeout: max(1, deadline - fetcher.loop.now))
            let sentAt = fetcher.cacheNow
            hop = fetcher.transport.send(sent, limits: limits, on: fetcher.loop) { [self] result in
                received(result, for: request, validation: validation, sentAt: sentAt, deadline: deadline)
            }
        }

        func received(
            _ result: Result<HubHTTPResponse, HTTPFailure>, for request: HubHTTPRequest, validation: HTTPCacheValidation?, sentAt: Int,
            deadline: Int
        ) {
            guard completion != nil else { return }
            hop = nil
            staleIfError = nil
            // RFC 5861 §4: within stale-if-error, a failure (its time running out too) or a
            // server error gets the stale response.
            if let stale = validation?.ifError, Self.isError(result) {
                return answerStale(stale, for: request, because: result)
            }
            // A hop is given what is left of the exchange's time; running out of it is the
            // exchange's timeout, named as the author set it.
            if case .failure(let failure) = result, failure.kind == .timeout, let expired {
                return finish(.failure(expired))
            }
            guard case .success(let response) = result else { return finish(result) }
            let cache = fetcher.cache
            if let validation, response.status == 304 {
                // A 304 for another version than the stored one may not update it (RFC 9111
                // §4.3.4): it is the answer as it is, and the stored response stays.
                let stored = cache?.revalidated(
                    request, partition: partition, with: response, stored: validation.stored, requestTime: sentAt, now: fetcher.cacheNow)
                return finish(.success(stored ?? response))
            }
            if let next = Self.redirect(from: request, response: response) {
                guard redirects < policy.maxRedirects else {
                    return finish(.failure(HTTPFailure(
                        .tooManyRedirects, "\(request.line): stopped after \(policy.maxRedirects) redirects")))
                }
                redirects += 1
                return send(next, deadline: deadline)
            }
            cache?.store(response, for: request, partition: partition, requestTime: sentAt, now: fetcher.cacheNow, mode: cacheMode)
            finish(.success(response))
        }

        /// Answers `stale`, within its stale-if-error, instead of `result`, which the watch is told.
        private func answerStale(_ stale: HubHTTPResponse, for request: HubHTTPRequest, because result: Result<HubHTTPResponse, HTTPFailure>) {
            watch?.failed("revalidating \(request.line): \(Self.reason(result, of: request)); its stale response answered (stale-if-error)")
            finish(.success(stale))
        }

        /// What went wrong with `result`, an answer to `request` that ``isError(_:)`` or a
        /// failure: `the server answered 503`, `no response within 10000 ms` (a failure's
        /// message without the request's line it starts with).
        static func reason(_ result: Result<HubHTTPResponse, HTTPFailure>, of request: HubHTTPRequest) -> String {
            switch result {
            case .success(let response):
                return "the server answered \(response.status)"
            case .failure(let failure):
                let line = request.line + ": "
                return failure.message.hasPrefix(line) ? String(failure.message.dropFirst(line.count)) : failure.message
            }
        }

        /// Whether `result` is what stale-if-error answers instead of: a transport failure, no
        /// answer in time, or a 500, 502, 503 or 504 (RFC 5861 §4).
        static func isError(_ result: Result<HubHTTPResponse, HTTPFailure>) -> Bool {
            switch result {
            case .success(let response): [500, 502, 503, 504].contains(response.status)
            case .failure(let failure): failure.kind == .transport || failure.kind == .timeout
            }
        }

        /// The request a redirect response asks for; nil when `response` is not one.
        static func redirect(from request: HubHTTPRequest, response: HubHTTPResponse) -> HubHTTPRequest? {
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"],
                let base = URL(string: request.url), let target = URL(string: location, relativeTo: base)
            else { return nil }
            var next = HubHTTPRequest(method: request.method, url: target.absoluteURL.absoluteString, headers: request.headers, body: request.body)
            // As browsers do: 303, and 301/302 after a POST, go on as a GET without a body.
            if response.status == 303 || (request.method == "POST" && [301, 302].contains(response.status)) {
                next.method = "GET"
                next.body = nil
                next.headers.set("content-type", nil)
            }
            return next
        }

        /// Why `request` may not be sent under `policy`; nil when it may.
        static func refusal(of request: HubHTTPRequest, policy: HTTPPolicy, redirected: Bool) -> HTTPFailure? {
            let what = redirected ? "a redirect to \(request.url)" : request.line
            guard let components = URLComponents(string: request.url), let scheme = components.scheme?.lowercased(),
                scheme == "http" || scheme == "https", let host = components.host.map(Self.unbracketed), !host.isEmpty
            else {
                return HTTPFailure(.invalidURL, "\(what): only absolute http: and https: URLs can be fetched")
            }
            let port = components.port.flatMap { $0 == (scheme == "https" ? 443 : 80) ? nil : $0 }
            guard policy.allows(host: host, port: port) else {
                let name = port.map { "\(Self.bracketed(host)):\($0)" } ?? Self.bracketed(host)
                if policy.hosts.contains(where: { $0.matches(host: host, port: port) }) {
                    return HTTPFailure(
                        .hostNotAllowed,
                        "\(what): host '\(name)' is not allowed: another feature lists it, and a wildcard does not cover "
                            + "what another feature lists; add it to hosts = { \"\(name)\" } in hub.feature")
                }
                let listed = policy.hosts.isEmpty ? "the feature lists no hosts" : "the feature's hosts are " + policy.hosts.map { "\"\($0)\"" }.joined(separator: ", ")
                return HTTPFailure(
                    .hostNotAllowed,
                    "\(what): host '\(name)' is not allowed (\(listed)); add it to hosts = { \"\(name)\" } in hub.feature")
            }
            return nil
        }

        /// `host` without the brackets URLComponents keeps around an IPv6 address (`[::1]`).
        private static func unbracketed(_ host: String) -> String {
            host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }

        private static func bracketed(_ host: String) -> String {
            host.contains(":") ? "[\(host)]" : host
        }

        /// Completes with `result` on the next turn of the loop, once.
        func finish(_ result: Result<HubHTTPResponse, HTTPFailure>) {
            guard let completion else { return }
            self.completion = nil
            stop()
            finishing = fetcher.loop.schedule(after: 0) { completion(result) }
        }

        func cancel() {
            completion = nil
            stop()
            // Finished, but the completion's turn has not come yet: it does not come.
            if let finishing { fetcher.loop.cancel(finishing) }
            finishing = nil
        }

        private func stop() {
            hop?.cancel()
            hop = nil
            if let timer { fetcher.loop.cancel(timer) }
            timer = nil
        }
    }
}
