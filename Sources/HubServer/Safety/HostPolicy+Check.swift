import Foundation
import HTTPTypes

extension HostPolicy {
    /// Throws the refusal of the request `head`, if any, before any route runs: of what a
    /// browser can be made to send against its user's will.
    ///
    /// - One sent to a name that is not this server's (DNS rebinding: a page whose own name was
    ///   turned to this server's address): 421, and 400 for a `Host` that is missing from an
    ///   HTTP/1.1 request, repeated or not a host (RFC 9112, 3.2).
    /// - A write (any method but GET, HEAD, OPTIONS and TRACE) from a page of another origin
    ///   (CSRF): 403 when its `Origin` is not the server's own.
    /// - A write whose body is not declared JSON: 415, since no page of another site can send
    ///   one without the server's consent (a form, or a `no-cors` fetch, sends `text/plain` at
    ///   most).
    ///
    /// `knownHost`: a `Host` this policy allowed before, which a request of a method that
    /// changes nothing is not looked at again for.
    func check(_ head: HTTPRequest, knownHost: String? = nil) throws(ViewFailure) {
        let isSafe = Self.isSafe(head.method)
        if isSafe, let knownHost, head.authority == knownHost {
            try Self.checkOneHost(head)
            return
        }
        let authority = try Self.authority(of: head)
        guard allows(authority) else { throw .misdirected(host: authority) }
        guard !isSafe else { return }
        if let origin = head.headerFields[.origin], !isOwnOrigin(origin, sentTo: authority) {
            throw .crossOrigin(origin)
        }
        let contentType = head.headerFields[.contentType]
        guard Self.isJSON(contentType) else { throw .notJSON(head.method, contentType: contentType) }
    }

    /// Whether `method` changes nothing (RFC 9110, 9.2.1): a page of any site may send it.
    private static func isSafe(_ method: HTTPRequest.Method) -> Bool {
        method == .get || method == .head || method == .options || method == .trace
    }

    /// The name the request `head` was sent to (its one `Host`); 400 when it has none, more than
    /// one, or one that is not `host[:port]`. An HTTP/1.0 request that has none was given the
    /// server's own address by ``MissingHostFilling``.
    private static func authority(of head: HTTPRequest) throws(ViewFailure) -> Authority {
        guard let host = head.authority else {
            throw .badRequest("an HTTP/1.1 request must name the host it is sent to, in a Host header (RFC 9112, 3.2)")
        }
        try checkOneHost(head)
        guard let authority = Authority(host) else { throw .badRequest("the Host header '\(host)' is not host[:port]") }
        return authority
    }

    /// 400 when the request `head` has more than one `Host`: the first becomes its authority,
    /// another stays among its header fields.
    private static func checkOneHost(_ head: HTTPRequest) throws(ViewFailure) {
        guard !head.headerFields.contains(where: { $0.name.canonicalName == "host" }) else {
            throw .badRequest("a request may have one Host header, not more (RFC 9112, 3.2)")
        }
    }

    /// Whether the media type of `contentType` is `application/json` (parameters aside).
    private static func isJSON(_ contentType: String?) -> Bool {
        guard let mediaType = contentType?.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first else { return false }
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}
