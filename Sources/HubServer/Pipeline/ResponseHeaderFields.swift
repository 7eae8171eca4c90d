import HTTPTypes

/// The header fields every answer carries, failures included, which ``RequestPipeline`` adds:
/// `X-Content-Type-Options: nosniff` (a browser takes each answer as the type it says, so no
/// JSON of this server runs as a script), `X-Request-Id` (the request's id, as its log line has
/// it), the `Cache-Control` of ``CachePolicy`` unless the route set its own; and `Date` and
/// `Server`, which Hummingbird adds to the router's answers and ``ViewAnswering`` to its own
/// (``stamp(_:)``).
enum ResponseHeaderFields {
    /// The `Server` every response names (Hummingbird's `serverName` too).
    static let serverName = "hub"

    /// Adds to `fields`, the fields of the answer to the request `requestID` for `path`, what
    /// every answer carries but `Date` and `Server`. (No answer sets these itself: they are
    /// appended, which costs less than setting them.)
    static func complete(_ fields: inout HTTPFields, requestID: String, path: String) {
        fields.append(nosniff)
        fields.append(HTTPField(name: .requestID, value: requestID))
        if !fields.contains(.cacheControl) {
            fields.append(HTTPField(name: .cacheControl, value: CachePolicy.forPath(path)))
        }
    }

    /// Adds `Date` and `Server` to `fields`, as Hummingbird does to the router's answers: for an
    /// answer written without it.
    static func stamp(_ fields: inout HTTPFields) {
        fields.append(HTTPField(name: .date, value: EverySecond.httpDate.now))
        fields.append(server)
    }

    /// `X-Content-Type-Options: nosniff`, made once (a field checks its value when made).
    private static let nosniff = HTTPField(name: .xContentTypeOptions, value: "nosniff")

    /// `Server`, made once.
    private static let server = HTTPField(name: .server, value: serverName)
}

extension HTTPFields.Element.Name {
    /// `X-Request-Id`: the id a request's log lines have. (A constant token, which is a valid
    /// field name.)
    static let requestID = Self("X-Request-Id")!
}
