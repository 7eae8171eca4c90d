import HTTPTypes
import NIOCore

/// The answer to a GET or HEAD of a view: its JSON, with its `ETag`, its `Cache-Control` and,
/// when it was kept, its `Age`; or 304 Not Modified, with the same fields, when the request's
/// `If-None-Match` has the tag. The route and ``ViewAnswering`` both answer with it, and
/// ``ViewAnswering`` with a failure's problem details.
struct ViewAnswer: Sendable, PipelineAnswer {
    let status: HTTPResponse.Status
    /// Its fields, with room for those ``RequestPipeline`` adds without growing.
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
        } else {
            fields.append(Self.json)
            Self.appendLength(of: json, to: &fields)
            (status, headerFields, body) = (.ok, fields, json)
        }
    }

    init(status: HTTPResponse.Status, headerFields: HTTPFields, body: ByteBuffer) {
        var fields = headerFields
        Self.appendLength(of: body, to: &fields)
        (self.status, self.headerFields, self.body) = (status, fields, body)
    }

    /// Appends the `Content-Length` of `body` to `fields`: last, as Hummingbird's `Response`
    /// adds it.
    private static func appendLength(of body: ByteBuffer, to fields: inout HTTPFields) {
        fields.append(HTTPField(name: .contentLength, value: String(body.readableBytes)))
    }

    /// The most fields an answer of a view carries: its own four, `Content-Length`, and the
    /// four ``ResponseHeaderFields`` adds to it (it has its own `Cache-Control`): two that
    /// every answer carries, `Date` and `Server`.
    private static let fieldCapacity = 9

    /// `Content-Type: application/json`, made once (a field checks its value when made).
    private static let json = HTTPField(name: .contentType, value: "application/json")

    /// The answer of `entry`, a view kept, at `now` (a reading of its cache's clock) to a
    /// request whose `If-None-Match` is `ifNoneMatch`.
    init(kept entry: ViewCache.Entry, at now: UInt64, ifNoneMatch: String?) {
        self.init(json: entry.json, tag: entry.tag, cacheControl: entry.cacheControl, age: entry.age(at: now), ifNoneMatch: ifNoneMatch)
    }
}
