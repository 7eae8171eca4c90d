import HubCore

/// A response ``HTTPCache`` holds, with what it read in it when it stored it: which requests it
/// answers, its age and how long it stays fresh (RFC 9111 §4.2), and how to validate it.
struct HTTPCacheEntry: Sendable {
    /// What an entry answers: requests of one partition, with one method, for one URL.
    struct Key: Hashable, Sendable {
        let partition: String
        let method: String
        let url: String
    }

    /// The heuristically cacheable statuses (RFC 9110 §15.1): stored without explicit freshness,
    /// and given heuristic freshness from Last-Modified (RFC 9111 §4.2.2).
    static let heuristicallyCacheableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]
    /// The most heuristic freshness given: a day.
    static let mostHeuristicLifetime = 86_400_000
    /// Fields about one connection (RFC 9110 §7.6.1), never stored nor replayed, with those the
    /// response's own Connection field names.
    static let hopByHopFields: Set<String> = ["connection", "keep-alive", "proxy-connection", "te", "transfer-encoding", "upgrade"]

    /// The stored copy, with `fromCache` set, without the fields that may not be stored, and with
    /// a Date (RFC 9110 §6.6.1: a recipient caching a response without one adds it).
    let response: HubHTTPResponse
    /// The partition, request method and URL it answers.
    let key: Key
    /// The request header fields its Vary names (lower case), and their values in the request
    /// it answered (nil: absent): a request with other values is not answered by it.
    let varyNames: [String]
    let varyValues: [String?]
    /// When it was received, in milliseconds since the epoch (the cache's clock).
    let responseTime: Int
    /// Its corrected initial age, in milliseconds (RFC 9111 §4.2.3).
    let initialAge: Int
    /// Its freshness lifetime in milliseconds (RFC 9111 §4.2.1): 0 when it is to be validated
    /// before each use.
    let lifetime: Int
    /// How long past its lifetime it may be served while it is revalidated, or when the server
    /// fails (RFC 5861), in milliseconds; 0 when it must never be served stale.
    let staleWhileRevalidate: Int
    let staleIfError: Int
    /// Whether it may be served stale at all: not with `must-revalidate` or `no-cache`.
    let servableStale: Bool
    /// The conditional header fields validating it; none when it has no validator.
    let conditions: HubHTTPHeaders
    /// Whether a cache may store it (RFC 9111 §3) and it can be used again: fresh, validatable
    /// or servable stale.
    let isStorable: Bool
    /// The bytes it counts for: body, header fields and URL.
    let size: Int

    /// The entry for `response`, received at `now` for `request` of `partition` sent at
    /// `requestTime` (both in milliseconds since the epoch). ``isStorable`` says whether it may
    /// be stored: not when its status is not final, it is a 206 or a 304, it has `no-store` or
    /// `Vary: *`, it answers a request with `Authorization` without `public`, `must-revalidate`
    /// or `s-maxage` (§3.5), it has neither explicit freshness, nor `public` or `private`, nor a
    /// heuristically cacheable status, or it would be of no use: stale at once, without a
    /// validator, and not to be served stale.
    init(_ response: HubHTTPResponse, for request: HubHTTPRequest, partition: String, requestTime: Int, now: Int) {
        let headers = response.headers
        let directives = HTTPCacheDirectives(headers)
        let varyNames = HTTPCacheDirectives.varyNames(headers)
        var conditions = HubHTTPHeaders()
        if let etag = headers["etag"] { conditions.add("if-none-match", etag) }
        if let lastModified = headers["last-modified"] { conditions.add("if-modified-since", lastModified) }

        // RFC 9111 §4.2.3: the corrected initial age, from Age, Date and the request's round trip.
        let dateValue = headers["date"].flatMap(HTTPDate.seconds).map { $0 * 1000 }
        let date = dateValue ?? now
        let apparentAge = max(0, now - date)
        let correctedAgeValue = HTTPCacheDirectives.age(headers) * 1000 + max(0, now - min(requestTime, now))
        initialAge = max(apparentAge, correctedAgeValue)
        lifetime = directives.noCache ? 0 : Self.lifetime(response, directives, date: date)

        let hasExplicitFreshness = directives.hasMaxAge || headers.contains("expires")
        let heuristic = Self.heuristicallyCacheableStatuses.contains(response.status)
        servableStale = !directives.noCache && !directives.mustRevalidate
        staleWhileRevalidate = servableStale ? Self.milliseconds(directives.staleWhileRevalidate) : 0
        staleIfError = servableStale ? Self.milliseconds(directives.staleIfError) : 0
        let useful = initialAge < lifetime || !conditions.fields.isEmpty || staleWhileRevalidate > 0 || staleIfError > 0
        isStorable = response.status >= 200 && response.status != 206 && response.status != 304 && !directives.noStore
            && varyNames != nil
            && (!request.headers.contains("authorization") || directives.allowsStoringAuthorized)
            && (hasExplicitFreshness || directives.marksStorable || heuristic) && useful

        var stored = response
        stored.fromCache = true
        stored.stale = nil
        let connectionFields = headers["connection"].map { HTTPCacheDirectives.listElements($0).map { $0.lowercased() } } ?? []
        let unstored = Self.hopByHopFields.union(connectionFields).union(directives.unstoredFields)
        if headers.contains(where: { unstored.contains($0.name) }) {
            stored.headers = HubHTTPHeaders(headers.filter { !unstored.contains($0.name) }.map { ($0.name, $0.value) })
        }
        if dateValue == nil { stored.headers.add("date", HTTPDate.string(HTTPDate.seconds(milliseconds: now))) }
        self.response = stored
        key = Self.key(request, partition: partition)
        self.varyNames = varyNames ?? []
        varyValues = (varyNames ?? []).map { request.headers[$0] }
        responseTime = now
        self.conditions = conditions
        size = stored.body.count + stored.headers.byteCount + request.url.utf8.count
    }

    /// The freshness lifetime of `response` with `directives`, its Date at `date` (RFC 9111
    /// §4.2.1): max-age (malformed: 0), else Expires − Date (an invalid Expires: 0), else for a
    /// heuristically cacheable status with Last-Modified a tenth of its age at Date, at most a
    /// day (§4.2.2); else 0. s-maxage is a shared cache's and is ignored.
    private static func lifetime(_ response: HubHTTPResponse, _ directives: HTTPCacheDirectives, date: Int) -> Int {
        if directives.hasMaxAge { return milliseconds(directives.maxAge ?? 0) }
        if let expires = response.headers["expires"] {
            guard let seconds = HTTPDate.seconds(expires) else { return 0 }
            return max(0, seconds * 1000 - date)
        }
        guard heuristicallyCacheableStatuses.contains(response.status),
            let lastModified = response.headers["last-modified"].flatMap(HTTPDate.seconds)
        else { return 0 }
        return min(max(0, date - lastModified * 1000) / 10, mostHeuristicLifetime)
    }

    /// `seconds` in milliseconds (at most 2^31 seconds' worth: what delta-seconds allow).
    static func milliseconds(_ seconds: Int) -> Int {
        min(seconds, 2_147_483_648) * 1000
    }

    /// The key of the entries answering `request` of `partition`.
    static func key(_ request: HubHTTPRequest, partition: String) -> Key {
        Key(partition: partition, method: request.method, url: request.url)
    }

    /// Whether the request header fields the response varies on have the same values in `request`.
    func selects(_ request: HubHTTPRequest) -> Bool {
        zip(varyNames, varyValues).allSatisfy { request.headers[$0] == $1 }
    }

    /// Its current age at `now` in milliseconds (RFC 9111 §4.2.3): a clock going back counts as
    /// no time passed.
    func age(at now: Int) -> Int {
        let (resident, overflow) = now.subtractingReportingOverflow(responseTime)
        return initialAge + (overflow ? (now > responseTime ? Int.max / 2 : 0) : max(0, resident))
    }

    /// Whether it is fresh at `now` (RFC 9111 §4.2).
    func isFresh(at now: Int) -> Bool {
        age(at: now) < lifetime
    }

    /// The stored response as served at `now`: with its current age in whole seconds in Age
    /// (RFC 9111 §5.1), and `stale` saying why it is served stale (nil: it is not).
    func served(at now: Int, stale: HTTPStaleReason? = nil) -> HubHTTPResponse {
        var served = response
        served.headers.set("age", String(min(age(at: now) / 1000, 2_147_483_648)))
        served.stale = stale
        return served
    }
}
