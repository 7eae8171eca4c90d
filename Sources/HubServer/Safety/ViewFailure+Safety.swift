import Hummingbird

// The refusals of requests a browser can be made to send against its user's will.

extension ViewFailure {
    /// 421: the request was sent to a name this server does not answer to (`host`, its `Host`).
    static func misdirected(host: Authority) -> ViewFailure {
        ViewFailure(
            status: .misdirectedRequest, title: "Misdirected request",
            detail: "this server does not answer to the name '\(host)' (hub serve --allowed-host \(host.host) lets it)")
    }

    /// 403: a write sent by a page of another origin than the server's, `origin`.
    static func crossOrigin(_ origin: String) -> ViewFailure {
        ViewFailure(
            status: .forbidden, title: "Forbidden",
            detail: "a \(origin == "null" ? "page without an origin" : "page of '\(origin)'") may not send this server writes: only its own pages may")
    }

    /// 415: a write whose body is not declared JSON (`contentType`, nil when none is).
    static func notJSON(_ method: HTTPRequest.Method, contentType: String?) -> ViewFailure {
        let sent = contentType.map { "Content-Type '\($0)'" } ?? "no Content-Type"
        return ViewFailure(
            status: .unsupportedMediaType, title: "Unsupported media type",
            detail: "a \(method) takes a JSON body, sent with Content-Type: application/json (this one came with \(sent))")
    }
}
