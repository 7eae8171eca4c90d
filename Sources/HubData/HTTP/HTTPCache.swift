import Foundation
import HubCore
import Synchronization

/// A private HTTP cache (RFC 9111, with RFC 5861's stale-while-revalidate and stale-if-error):
/// it answers GET and HEAD requests with the responses it holds while they are fresh, and says
/// how to validate them once they are stale. It holds at most `capacity` bytes, dropping the
/// least recently used responses first, and may be used from any number of threads at once.
///
/// Its entries are partitioned, as browsers partition theirs by site: each request names its
/// partition (Hub's scripts: their feature's), and is answered only with what requests of the
/// same partition stored, even for the same URL. A response to a request with `Authorization` is
/// stored only when it says `public`, `must-revalidate` or `s-maxage` (RFC 9111 §3.5).
///
/// Times are milliseconds since 1970-01-01T00:00:00Z, on one clock for every call: HTTP-dates
/// (Date, Expires, Last-Modified) are read against it.
public final class HTTPCache: Sendable {
    /// The methods whose responses are stored.
    private static let storedMethods: Set<String> = ["GET", "HEAD"]
    /// The safe methods (RFC 9110 §9.2.1): any other one, even unknown, may change what a URL holds.
    private static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "TRACE"]

    /// The most bytes (bodies plus headers) of responses the cache holds.
    public let capacity: Int
    private let storage: Mutex<HTTPCacheStorage>

    /// A cache holding at most `capacity` bytes (bodies plus headers) of responses.
    public init(capacity: Int = HubDefaults.HTTP.cacheBytes) {
        self.capacity = capacity
        storage = Mutex(HTTPCacheStorage(capacity: capacity))
    }

    /// What the cache can do for `request` of `partition` at `now`, in cache mode `mode`: the
    /// request's Cache-Control directives (RFC 9111 §5.2.1) count too.
    public func lookup(_ request: HubHTTPRequest, partition: String, now: Int, mode: HTTPCacheMode = .default) -> HTTPCacheLookup {
        guard Self.storedMethods.contains(request.method) else { return .miss }
        let directives = HTTPCacheDirectives(request.headers)
        let onlyIfCached = directives.onlyIfCached || mode == .onlyIfCached
        guard !directives.noStore, mode != .noStore, mode != .reload else { return onlyIfCached ? .unavailable : .miss }
        return storage.withLock { storage in
            guard let slot = storage.slot(answering: request, partition: partition) else { return onlyIfCached ? .unavailable : .miss }
            let entry = storage[slot]
            let age = entry.age(at: now)
            let fresh = age < entry.lifetime
            // How long it has been stale (negative: fresh).
            let staleness = age - entry.lifetime
            if mode == .forceCache || mode == .onlyIfCached {
                storage.use(slot)
                return .fresh(entry.served(at: now, stale: fresh ? nil : mode == .onlyIfCached ? .onlyIfCached : .maxStale))
            }
            let validationAsked = directives.noCache || mode == .noCache
            let youngEnough = directives.maxAge.map { age < HTTPCacheEntry.milliseconds($0) } ?? true
            let freshEnough = directives.minFresh.map { entry.lifetime - age >= HTTPCacheEntry.milliseconds($0) } ?? true
            if !validationAsked, youngEnough, freshEnough {
                if fresh {
                    storage.use(slot)
                    return .fresh(entry.served(at: now))
                }
                if entry.servableStale, let maxStale = directives.maxStale,
                    maxStale == Int.max || staleness <= HTTPCacheEntry.milliseconds(maxStale)
                {
                    storage.use(slot)
                    return .fresh(entry.served(at: now, stale: .maxStale))
                }
            }
            if onlyIfCached { return .unavailable }
            // RFC 5861 §4: the request's stale-if-error widens the response's (not past its
            // must-revalidate or no-cache).
            let requestsIfError = entry.servableStale ? HTTPCacheEntry.milliseconds(directives.staleIfError) : 0
            let ifError = !fresh && staleness < max(entry.staleIfError, requestsIfError) ? entry.served(at: now, stale: .ifError) : nil
            let validation = HTTPCacheValidation(conditions: entry.conditions, stored: entry.response, ifError: ifError)
            if !fresh, !validationAsked, directives.maxAge == nil, directives.minFresh == nil, staleness < entry.staleWhileRevalidate {
                storage.use(slot)
                return .staleWhileRevalidate(entry.served(at: now, stale: .whileRevalidate), validation)
            }
            if entry.conditions.fields.isEmpty, ifError == nil {
                // Without a validator, once past its stale windows, it can never be used again: make room.
                if !fresh, staleness >= entry.staleWhileRevalidate { storage.remove(slot) }
                return .miss
            }
            storage.use(slot)
            return .stale(validation)
        }
    }

    /// Stores `response`, received at `now` for `request` of `partition` (as the script made it,
    /// without conditional headers) sent at `requestTime` (nil: `now`), when it may be stored
    /// (see ``HTTPCacheLookup``); removes what it replaces. In cache mode `no-store` nothing is
    /// stored. Also:
    /// - a non-error response (2xx, 3xx) to an unsafe method (POST, PUT, DELETE, PATCH)
    ///   invalidates what `partition` holds for that URL, and for the URLs of its Location and
    ///   Content-Location when they have the same origin (RFC 9111 §4.4);
    /// - a 200 to a HEAD updates the stored GET response it would have selected when their
    ///   ETag, Last-Modified and Content-Length agree, and otherwise removes it (§4.3.5).
    ///
    /// A response with a heuristically cacheable status that may not be stored (`no-store`,
    /// `Vary: *`, larger than `capacity`, stale at once without a validator, to a request with
    /// `Authorization` without `public`, `must-revalidate` or `s-maxage`) still removes what it
    /// would have replaced, which it is newer than; any other (a 304, a 302, a server error)
    /// leaves it.
    public func store(
        _ response: HubHTTPResponse, for request: HubHTTPRequest, partition: String, requestTime: Int? = nil, now: Int,
        mode: HTTPCacheMode = .default
    ) {
        guard Self.safeMethods.contains(request.method) else {
            guard (200..<400).contains(response.status) else { return }
            invalidate(after: response, to: request, partition: partition)
            return
        }
        guard mode != .noStore, Self.storedMethods.contains(request.method), !HTTPCacheDirectives(request.headers).noStore else { return }
        let entry = HTTPCacheEntry(response, for: request, partition: partition, requestTime: requestTime ?? now, now: now)
        let replaces = entry.isStorable || HTTPCacheEntry.heuristicallyCacheableStatuses.contains(response.status)
        storage.withLock { storage in
            if request.method == "HEAD", response.status == 200 {
                Self.freshen(&storage, from: response, for: request, partition: partition, requestTime: requestTime ?? now, now: now)
            }
            if replaces { storage.replace(entriesAnswering: request, partition: partition, with: entry.isStorable ? entry : nil) }
        }
    }

    /// After the server answered a conditional request of `partition` (sent at `requestTime`,
    /// nil: `now`) with 304 `notModified` at `now`: updates the stored response it validates
    /// (the one stored now, or else `stored`, the one the lookup gave, if it was dropped
    /// meanwhile) with its header fields (RFC 9111 §4.3.4: each replaces the stored ones of its
    /// name, except Content-Length), stores it again fresh from the 304, and returns it as
    /// served. Nil when the 304 names another ETag or Last-Modified than the stored response:
    /// it may not update it (§4.3.4), which stays as it is.
    public func revalidated(
        _ request: HubHTTPRequest, partition: String, with notModified: HubHTTPResponse, stored: HubHTTPResponse? = nil,
        requestTime: Int? = nil, now: Int
    ) -> HubHTTPResponse? {
        guard Self.storedMethods.contains(request.method) else { return nil }
        return storage.withLock { storage -> HubHTTPResponse? in
            guard var response = storage.slot(answering: request, partition: partition).map({ storage[$0].response }) ?? stored,
                Self.validates(notModified.headers, response.headers)
            else { return nil }
            response.headers = Self.updated(response.headers, from: Self.dated(notModified.headers, now: now))
            // As any newer response, it replaces the stored one, or removes it when it may no
            // longer be stored.
            let entry = HTTPCacheEntry(response, for: request, partition: partition, requestTime: requestTime ?? now, now: now)
            storage.replace(entriesAnswering: request, partition: partition, with: entry.isStorable ? entry : nil)
            return entry.served(at: now)
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

    /// Removes what `partition` holds for the URL of `request`, and for the same-origin URLs of
    /// the Location and Content-Location of `response` (RFC 9111 §4.4).
    private func invalidate(after response: HubHTTPResponse, to request: HubHTTPRequest, partition: String) {
        var urls = [request.url]
        if let target = URL(string: request.url) {
            for name in ["location", "content-location"] {
                guard let value = response.headers[name], let url = URL(string: value, relativeTo: target)?.absoluteURL,
                    url.scheme?.lowercased() == target.scheme?.lowercased(), url.host?.lowercased() == target.host?.lowercased(),
                    url.port == target.port
                else { continue }
                urls.append(url.absoluteString)
            }
        }
        storage.withLock { storage in
            for url in urls {
                for method in Self.storedMethods {
                    storage.remove(key: HTTPCacheEntry.Key(partition: partition, method: method, url: url))
                }
            }
        }
    }

    /// Updates from the 200 `response` to a HEAD `request` the GET response of `partition` it
    /// would have selected, when their ETag, Last-Modified and Content-Length agree (where both
    /// have them); removes it otherwise (RFC 9111 §4.3.5).
    private static func freshen(
        _ storage: inout HTTPCacheStorage, from response: HubHTTPResponse, for request: HubHTTPRequest, partition: String,
        requestTime: Int, now: Int
    ) {
        var get = request
        get.method = "GET"
        guard let slot = storage.slot(answering: get, partition: partition) else { return }
        var stored = storage[slot].response
        let agrees = ["etag", "last-modified", "content-length"].allSatisfy { name in
            guard let new = response.headers[name], let old = stored.headers[name] else { return true }
            return new == old
        }
        guard agrees else { return storage.remove(slot) }
        stored.headers = updated(stored.headers, from: dated(response.headers, now: now))
        let entry = HTTPCacheEntry(stored, for: get, partition: partition, requestTime: requestTime, now: now)
        storage.replace(entriesAnswering: get, partition: partition, with: entry.isStorable ? entry : nil)
    }

    /// `headers` with a Date of `now` when they have none (RFC 9110 §6.6.1): a response updating
    /// a stored one brings its own Date, or the stored one's would make it look older than it is.
    private static func dated(_ headers: HubHTTPHeaders, now: Int) -> HubHTTPHeaders {
        guard !headers.contains("date") else { return headers }
        var dated = headers
        dated.add("date", HTTPDate.string(HTTPDate.seconds(milliseconds: now)))
        return dated
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

    /// `stored` with each field of the 304's (or HEAD response's) `new` ones replacing those of
    /// its name, except Content-Length; without an Age in `new`, the stored Age goes: the age is
    /// the new response's.
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
    /// A stored response (fromCache = true, its current age in Age): send nothing. Stale only
    /// when the request accepts it (its `stale` says why).
    case fresh(HubHTTPResponse)
    /// A stored response that must be validated first: send the request with its conditions; a
    /// 304 then goes to `revalidated`.
    case stale(HTTPCacheValidation)
    /// A stale response within its `stale-while-revalidate`: answer with it, and validate it
    /// meanwhile (RFC 5861 §3).
    case staleWhileRevalidate(HubHTTPResponse, HTTPCacheValidation)
    /// The request says `only-if-cached` and nothing stored may answer it: answer 504 without
    /// sending it (RFC 9111 §5.2.1.7).
    case unavailable
    /// Nothing usable: send the request as it is.
    case miss
}

/// How to validate a stored response, and what to answer with when the server fails.
public struct HTTPCacheValidation: Sendable, Equatable {
    /// The header fields the request is sent with: if-none-match from ETag, if-modified-since
    /// from Last-Modified, verbatim; none when the response has no validator.
    public var conditions: HubHTTPHeaders
    /// The stored response validated, as stored.
    public var stored: HubHTTPResponse
    /// The stale response that answers instead of a server error or a transport failure (within
    /// its `stale-if-error`, RFC 5861 §4); nil: none.
    public var ifError: HubHTTPResponse?
}
