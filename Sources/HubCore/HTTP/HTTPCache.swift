import Synchronization

/// A client-side HTTP cache (RFC 9111): it answers GET and HEAD requests with the responses it
/// holds while they are fresh, and says how to validate them once they are stale. It holds at
/// most `capacity` bytes, dropping the least recently used responses first, and may be used from
/// any number of threads at once.
///
/// Its entries are partitioned, as browsers partition theirs by site: each request names its
/// partition (Hub's scripts: their feature's), and is answered only with what requests of the
/// same partition stored, even for the same URL. A response to a request with `Authorization` is
/// stored only when it says `public`, `must-revalidate` or `s-maxage` (RFC 9111 §3.5).
///
/// Only responses that say how long they stay fresh (`max-age`) or that can be validated (ETag,
/// Last-Modified) are stored; no freshness is guessed, and `Expires` and `s-maxage` are ignored.
public final class HTTPCache: Sendable {
    /// The methods whose responses are stored.
    private static let storedMethods: Set<String> = ["GET", "HEAD"]
    /// The safe methods (RFC 9110 §9.2.1): any other one, even unknown, may change what a URL holds.
    private static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "TRACE"]

    /// The most bytes (bodies plus headers) of responses the cache holds.
    public let capacity: Int
    private let storage: Mutex<HTTPCacheStorage>

    /// A cache holding at most `capacity` bytes (bodies plus headers) of responses.
    public init(capacity: Int = 32 << 20) {
        self.capacity = capacity
        storage = Mutex(HTTPCacheStorage(capacity: capacity))
    }

    /// What the cache can do for `request` of `partition` at `now` (milliseconds on the caller's
    /// clock; the same clock for every call).
    public func lookup(_ request: HubHTTPRequest, partition: String, now: Int) -> HTTPCacheLookup {
        guard Self.storedMethods.contains(request.method) else { return .miss }
        let directives = HTTPCacheDirectives(request.headers)
        guard !directives.noStore else { return .miss }
        return storage.withLock { storage in
            guard let slot = storage.slot(answering: request, partition: partition) else { return .miss }
            let entry = storage[slot]
            let fresh = entry.isFresh(at: now)
            let validatable = !entry.conditions.fields.isEmpty
            if !fresh, !validatable {
                // It can never be used again: make room.
                storage.remove(slot)
                return .miss
            }
            // A request's no-cache or max-age may ask for something fresher than what is held.
            let youngEnough = directives.maxAge.map { entry.isYounger(than: $0 * 1000, at: now) } ?? true
            if fresh, !directives.noCache, youngEnough {
                storage.use(slot)
                return .fresh(entry.response)
            }
            guard validatable else { return .miss }
            storage.use(slot)
            return .stale(conditions: entry.conditions)
        }
    }

    /// Stores `response`, received at `now` for `request` of `partition` (as the script made it,
    /// without conditional headers), when it may be stored; removes what it replaces. Also: a
    /// non-error response (status < 400) to an unsafe method (POST, PUT, DELETE, PATCH)
    /// invalidates what `partition` holds for that URL (RFC 9111 §4.4).
    ///
    /// A response with a storable status that may not be stored (`no-store`, `Vary: *`, larger
    /// than `capacity`, stale at once without a validator, to a request with `Authorization`
    /// without `public`, `must-revalidate` or `s-maxage`) still removes what it would have
    /// replaced, which it is newer than; any other (a 304, a 302, a server error) leaves it.
    public func store(_ response: HubHTTPResponse, for request: HubHTTPRequest, partition: String, now: Int) {
        guard Self.safeMethods.contains(request.method) else {
            guard response.status < 400 else { return }
            storage.withLock { storage in
                for method in Self.storedMethods {
                    storage.remove(key: HTTPCacheEntry.Key(partition: partition, method: method, url: request.url))
                }
            }
            return
        }
        guard Self.storedMethods.contains(request.method), !HTTPCacheDirectives(request.headers).noStore,
            HTTPCacheEntry.storableStatuses.contains(response.status)
        else { return }
        let entry = HTTPCacheEntry(response, for: request, partition: partition, at: now)
        storage.withLock { $0.replace(entriesAnswering: request, partition: partition, with: entry) }
    }

    /// After the server answered a conditional request of `partition` with 304 `notModified`:
    /// updates the stored response's headers from it (RFC 9111 §4.3.4: every header of the 304 replaces the stored
    /// one of the same name, except content-length), makes it fresh again from `now`, and returns
    /// it with `fromCache = true`; nil when nothing matching is stored any more (or what is stored
    /// has another ETag, or Last-Modified, than the 304 names).
    public func revalidated(_ request: HubHTTPRequest, partition: String, with notModified: HubHTTPResponse, now: Int) -> HubHTTPResponse? {
        guard Self.storedMethods.contains(request.method) else { return nil }
        return storage.withLock { storage -> HubHTTPResponse? in
            guard let slot = storage.slot(answering: request, partition: partition) else { return nil }
            var response = storage[slot].response
            guard Self.validates(notModified.headers, response.headers) else { return nil }
            response.headers = Self.updated(response.headers, from: notModified.headers)
            // As any newer response, it replaces the stored one, or removes it when it may no
            // longer be stored.
            storage.replace(
                entriesAnswering: request, partition: partition, with: HTTPCacheEntry(response, for: request, partition: partition, at: now))
            return response
        }
    }

    /// Bytes held.
    public var byteCount: Int {
        storage.withLock { $0.byteCount }
    }

    /// Number of responses held.
    public var count: Int {
        storage.withLock { $0.count }
    }

    /// Drops everything.
    public func removeAll() {
        storage.withLock { $0.removeAll() }
    }

    /// Whether a 304 with `new` header fields is about the stored response with `stored` ones:
    /// their ETags match (weakly), or, without an ETag in the 304, their Last-Modified do; a field
    /// one of them lacks does not tell them apart.
    private static func validates(_ new: HubHTTPHeaders, _ stored: HubHTTPHeaders) -> Bool {
        if let newTag = new["etag"] {
            guard let storedTag = stored["etag"] else { return true }
            return HTTPCacheDirectives.weaklyEqual(newTag, storedTag)
        }
        guard let newDate = new["last-modified"], let storedDate = stored["last-modified"] else { return true }
        return newDate == storedDate
    }

    /// `stored` with each field of the 304's `new` ones replacing those of its name, except
    /// Content-Length; without an Age in the 304, the stored Age goes: the age is the 304's.
    private static func updated(_ stored: HubHTTPHeaders, from new: HubHTTPHeaders) -> HubHTTPHeaders {
        var headers = stored
        let fields = new.filter { $0.name != "content-length" }
        for name in Set(fields.map(\.name)).union(["age"]) {
            headers.set(name, nil)
        }
        for field in fields {
            headers.add(field.name, field.value)
        }
        return headers
    }
}

/// What an ``HTTPCache`` can do for a request.
public enum HTTPCacheLookup: Sendable, Equatable {
    /// A fresh stored response (fromCache = true): send nothing.
    case fresh(HubHTTPResponse)
    /// A stored response that must be validated first: send the request with these extra headers
    /// (if-none-match from ETag, if-modified-since from Last-Modified, verbatim); a 304 then goes
    /// to `revalidated`.
    case stale(conditions: HubHTTPHeaders)
    /// Nothing usable: send the request as it is.
    case miss
}
