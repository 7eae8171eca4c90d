import Foundation

/// The view URI a request names: the path after its route's prefix (`/views/`, `/preview/`),
/// percent-decoded, with the request's query, if any, appended as the URI's own
/// (`/views/search:results?q=abba` asks for `search:results?q=abba`).
enum ViewAddress {
    /// The longest view URI taken, in bytes.
    static let maxLength = 2_048

    /// The view URI of the path `segments` and `query`; 400 when it is empty, too long, not
    /// valid percent-encoded UTF-8, or holds spaces or control characters.
    static func uri(_ segments: some Collection<Substring>, query: String?) throws(ViewFailure) -> String {
        let path = segments.joined(separator: "/")
        // Most paths have nothing to decode (Foundation's decoding costs more than the rest).
        guard let decoded = path.utf8.contains(UInt8(ascii: "%")) ? path.removingPercentEncoding : path else {
            throw .badRequest("the view URI '\(path)' is not valid percent-encoded UTF-8")
        }
        let uri = query.map { $0.isEmpty ? decoded : decoded + "?" + $0 } ?? decoded
        guard !uri.isEmpty else { throw .badRequest("no view URI: ask for /views/<uri>, e.g. /views/cities:overview") }
        guard uri.utf8.count <= maxLength else { throw .badRequest("the view URI is longer than \(maxLength) bytes") }
        guard !holdsSpaceOrControl(uri) else { throw .badRequest("the view URI holds spaces or control characters") }
        return uri
    }

    /// Whether `uri` holds a space or a control character (Unicode's white space and control
    /// characters), its characters' properties looked up only when it is not all printable ASCII.
    private static func holdsSpaceOrControl(_ uri: String) -> Bool {
        guard !uri.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
        return uri.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
    }

    /// `uri` as it goes in a path: characters RFC 3986 allows in one as they are (`:` and `/`
    /// among them), others percent-encoded.
    static func pathEncoded(_ uri: String) -> String {
        uri.addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? uri
    }

    private static let pathCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")
}
