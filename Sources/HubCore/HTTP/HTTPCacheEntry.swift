/// A response ``HTTPCache`` holds, with what it read in it when it stored it: which requests it
/// answers, how long it stays fresh, and how to validate it.
struct HTTPCacheEntry: Sendable {
    /// What an entry answers: requests of one partition, with one method, for one URL.
    struct Key: Hashable, Sendable {
        let partition: String
        let method: String
        let url: String
    }

    /// The statuses a response may be stored with (RFC 9110 §15.1, heuristically cacheable ones).
    static let storableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The stored copy, with `fromCache` set.
    let response: HubHTTPResponse
    /// The partition, request method and URL it answers.
    let key: Key
    /// The request header fields its Vary names (lower case), and their values in the request
    /// it answered (nil: absent): a request with other values is not answered by it.
    let varyNames: [String]
    let varyValues: [String?]
    /// When it was received, in milliseconds on the cache's clock.
    let storedAt: Int
    /// Its age when received, in milliseconds (from Age).
    let initialAge: Int
    /// The age it stays fresh below, in milliseconds: 0 when it is to be validated before each use.
    let lifetime: Int
    /// The conditional header fields validating it; none when it has no validator.
    let conditions: HubHTTPHeaders
    /// The bytes it counts for: body, header fields and URL.
    let size: Int

    /// The entry for `response`, received at `now` for `request` of `partition`; nil when it may
    /// not be stored: its status is not storable, it has `no-store` or `Vary: *`, it answers a
    /// request with `Authorization` without `public`, `must-revalidate` or `s-maxage`
    /// (RFC 9111 §3.5), or it would be stale at once without a validator to revalidate it with.
    init?(_ response: HubHTTPResponse, for request: HubHTTPRequest, partition: String, at now: Int) {
        guard Self.storableStatuses.contains(response.status) else { return nil }
        let directives = HTTPCacheDirectives(response.headers)
        guard !directives.noStore, let varyNames = HTTPCacheDirectives.varyNames(response.headers) else { return nil }
        guard !request.headers.contains("authorization") || directives.allowsStoringAuthorized else { return nil }
        var conditions = HubHTTPHeaders()
        if let etag = response.headers["etag"] { conditions.add("if-none-match", etag) }
        if let lastModified = response.headers["last-modified"] { conditions.add("if-modified-since", lastModified) }
        let initialAge = HTTPCacheDirectives.age(response.headers) * 1000
        let lifetime = directives.noCache ? 0 : (directives.maxAge ?? 0) * 1000
        guard initialAge < lifetime || !conditions.fields.isEmpty else { return nil }

        var stored = response
        stored.fromCache = true
        self.response = stored
        key = Self.key(request, partition: partition)
        self.varyNames = varyNames
        varyValues = varyNames.map { request.headers[$0] }
        storedAt = now
        self.initialAge = initialAge
        self.lifetime = lifetime
        self.conditions = conditions
        size = response.body.count + response.headers.byteCount + request.url.utf8.count
    }

    /// The key of the entries answering `request` of `partition`.
    static func key(_ request: HubHTTPRequest, partition: String) -> Key {
        Key(partition: partition, method: request.method, url: request.url)
    }

    /// Whether the request header fields the response varies on have the same values in `request`.
    func selects(_ request: HubHTTPRequest) -> Bool {
        zip(varyNames, varyValues).allSatisfy { request.headers[$0] == $1 }
    }

    /// Whether its age at `now` is below `limit` milliseconds.
    func isYounger(than limit: Int, at now: Int) -> Bool {
        let (difference, overflow) = now.subtractingReportingOverflow(storedAt)
        // A clock going back counts as no time passed. `limit` and `initialAge` are at most
        // 2^31 seconds in milliseconds: their difference cannot overflow.
        let elapsed = overflow ? (now > storedAt ? Int.max : 0) : max(0, difference)
        return elapsed < limit - initialAge
    }

    /// Whether it is fresh at `now` (RFC 9111 §4.2).
    func isFresh(at now: Int) -> Bool {
        isYounger(than: lifetime, at: now)
    }
}
