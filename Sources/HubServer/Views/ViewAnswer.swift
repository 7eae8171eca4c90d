import HTTPTypes
import NIOCore

/// The answer to a GET or HEAD of a view: its JSON, with its `ETag`, its `Cache-Control` and,
/// when it was kept, its `Age`; or 304 Not Modified, with the same fields, when the request's
/// `If-None-Match` has the tag. The route and ``ViewAnswering`` both answer with it.
struct ViewAnswer: Sendable {
    let status: HTTPResponse.Status
    /// Its fields, with room for those an answerer adds (``ViewAnswering``'s, the
    /// middleware's) without growing.
    var headerFields: HTTPFields
    /// The JSON; nil for a 304.
    let body: ByteBuffer?

    init(json: ByteBuffer, tag: String, cacheControl: String, age: String? = nil, ifNoneMatch: String?) {
        // Appended, not set: the names are distinct, and setting one looks for it first.
        var fields = HTTPFields()
        fields.reserveCapacity(Self.fieldCapacity)
        fields.append(HTTPField(name: .eTag, value: tag))
        fields.append(HTTPField(name: .cacheControl, value: cacheControl))
        if let age { fields.append(HTTPField(name: .age, value: age)) }
        if let ifNoneMatch, EntityTag.matches(ifNoneMatch, tag) {
            (status, headerFields, body) = (.notModified, fields, nil)
            return
        }
        fields.append(Self.json)
        (status, headerFields, body) = (.ok, fields, json)
    }

    /// The most fields an answer of a view carries: its own four, `Content-Length`, and the
    /// four every answer gets (`X-Content-Type-Options`, `X-Request-Id`, `Date`, `Server`).
    private static let fieldCapacity = 9

    /// `Content-Type: application/json`, made once (a field checks its value when made).
    private static let json = HTTPField(name: .contentType, value: "application/json")

    /// The answer of `entry`, a view kept, at `now` (a reading of its cache's clock) to a
    /// request whose `If-None-Match` is `ifNoneMatch`.
    init(kept entry: ViewCache.Entry, at now: UInt64, ifNoneMatch: String?) {
        self.init(json: entry.json, tag: entry.tag, cacheControl: entry.cacheControl, age: entry.age(at: now), ifNoneMatch: ifNoneMatch)
    }
}
