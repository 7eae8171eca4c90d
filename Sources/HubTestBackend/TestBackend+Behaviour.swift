extension TestBackend {
    /// How a ``TestBackend`` answers a path. Delays are in milliseconds, counted from the end of
    /// the request, and wait on the connection's event loop (no thread is blocked).
    public enum Behaviour: Sendable {
        /// Answers `status` with `headers` and `body` (and a `content-length`, unless `headers`
        /// name one or a `transfer-encoding`), after `after` milliseconds.
        case respond(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [], after: Int = 0)
        /// Answers 200 with the JSON `body`, `Content-Type: application/json`, and when given
        /// `Cache-Control: max-age=maxAge` and `ETag: etag` (sent as written: quote it yourself);
        /// answers 304 without a body to a request whose `If-None-Match` names `etag` (or `*`).
        case json(String, maxAge: Int? = nil, etag: String? = nil, after: Int = 0)
        /// Reads the request and never writes anything: the connection stays open until the
        /// client closes it or the backend stops.
        case neverAnswer
        /// Sends a 200 head with `transfer-encoding: chunked` (no length a client could refuse
        /// up front), then a chunk of one byte every `interval` milliseconds, never the last one:
        /// until the client goes or the backend stops.
        case drip(interval: Int)
        /// Sends a 200 with `bytes` body bytes as fast as the client reads them, in chunks
        /// (`transfer-encoding: chunked`) or with a `content-length`; never holds the whole body.
        case huge(bytes: Int, chunked: Bool)
        /// Answers `status` with `Location: location` (relative or absolute, sent as written) and
        /// an empty body.
        case redirect(to: String, status: Int = 302)
        /// Sends a 200 head with `transfer-encoding: chunked`, then garbage where the first
        /// chunk's size belongs, and leaves the connection open.
        case malformedChunking
        /// Sends a 200 head with `content-length: 1000`, 10 body bytes, then closes the connection.
        case closeMidBody
        /// Closes the connection without answering.
        case closeAtOnce
        /// Answers 200 with the UTF-8 `text`, and in the same write a second whole 200 response
        /// with `then` that nobody asked for (what the answer to a smuggled request looks like to
        /// a client), keeping the connection open.
        case answerTwice(String, then: String)
        /// Answers what `answer` computes from the request (on the connection's event loop:
        /// it must not block).
        case handler(@Sendable (Request) -> Response)

        /// Answers `status` with the UTF-8 `text` as a `text/plain` body.
        public static func text(_ text: String, status: Int = 200, after: Int = 0) -> Behaviour {
            .respond(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8), after: after)
        }
    }

    /// A request the backend received, whole.
    public struct Request: Sendable {
        /// `GET`, `POST`, ... as sent.
        public let method: String
        /// The request target as sent: the path and its query (`/items?page=2`).
        public let uri: String
        /// The header fields in order, names lower-cased.
        public let headers: [(name: String, value: String)]
        /// The body (empty when there is none).
        public let body: [UInt8]

        public init(method: String, uri: String, headers: [(name: String, value: String)], body: [UInt8]) {
            self.method = method
            self.uri = uri
            self.headers = headers.map { (name: $0.name.lowercased(), value: $0.value) }
            self.body = body
        }

        /// The path, without the query: what routes are matched on.
        public var path: String {
            uri.firstIndex(of: "?").map { String(uri[..<$0]) } ?? uri
        }

        /// The query after `?`, nil when there is none.
        public var query: String? {
            uri.firstIndex(of: "?").map { String(uri[uri.index(after: $0)...]) }
        }

        /// The values of the fields named `name` (any case) joined with ", "; nil when there is none.
        public func header(_ name: String) -> String? {
            let name = name.lowercased()
            let values = headers.filter { $0.name == name }.map(\.value)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
    }

    /// An answer a ``Behaviour/handler(_:)`` computes.
    public struct Response: Sendable {
        public var status: Int
        /// Sent as written; a `content-length` is added unless one (or a `transfer-encoding`) is here.
        public var headers: [(String, String)]
        public var body: [UInt8]

        public init(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = []) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A response with the UTF-8 `text` as its body.
        public init(status: Int = 200, headers: [(String, String)] = [], text: String) {
            self.init(status: status, headers: headers, body: Array(text.utf8))
        }
    }
}

extension TestBackend.Behaviour {
    /// The whole answer of the behaviours that make one at once (after their delay); nil for
    /// the misbehaving ones, which the handler plays out itself.
    func response(to request: TestBackend.Request) -> (response: TestBackend.Response, after: Int)? {
        switch self {
        case let .respond(status, headers, body, after):
            return (TestBackend.Response(status: status, headers: headers, body: body), after)
        case let .json(body, maxAge, etag, after):
            var headers: [(String, String)] = []
            if let maxAge { headers.append(("Cache-Control", "max-age=\(maxAge)")) }
            if let etag { headers.append(("ETag", etag)) }
            if let etag, let wanted = request.header("if-none-match"), Self.matches(wanted, etag) {
                return (TestBackend.Response(status: 304, headers: headers), after)
            }
            headers.insert(("Content-Type", "application/json"), at: 0)
            return (TestBackend.Response(status: 200, headers: headers, body: Array(body.utf8)), after)
        case let .redirect(location, status):
            return (TestBackend.Response(status: status, headers: [("Location", location)]), 0)
        case let .handler(answer):
            return (answer(request), 0)
        case .neverAnswer, .drip, .huge, .malformedChunking, .closeMidBody, .closeAtOnce, .answerTwice:
            return nil
        }
    }

    /// Whether an `If-None-Match` value names `etag` (weak or strong) or is `*`.
    private static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        func opaque(_ tag: Substring) -> Substring {
            let tag = tag.drop { $0 == " " }
            return tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
        }
        let wanted = ifNoneMatch.split(separator: ",").map { opaque($0).prefix { $0 != " " } }
        return wanted.contains("*") || wanted.contains(opaque(Substring(etag)))
    }
}
