/// Where a route is asked for, as ``ServerRoutes`` writes it: a path, or a path with a view URI
/// (`<uri>`, the rest of the path but a suffix: `/views/<uri>/actions`) or a session's
/// identifier (`<id>`, one segment) in it.
struct RoutePath: Sendable, Equatable, CustomStringConvertible {
    /// What a path holds besides its literal text.
    enum Parameter: String, Sendable {
        case uri = "<uri>"
        case id = "<id>"
    }

    /// The text before the parameter, or the whole path when it has none.
    let prefix: String
    let parameter: Parameter?
    /// The segment after the parameter, if any: `actions` of `/views/<uri>/actions`.
    let suffix: String?

    /// The path `written` as ``ServerRoutes`` writes it.
    init(_ written: String) {
        for parameter in [Parameter.uri, .id] {
            let parts = written.split(separator: parameter.rawValue, maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let rest = parts[1].drop { $0 == "/" }
            (prefix, self.parameter, suffix) = (String(parts[0]), parameter, rest.isEmpty ? nil : String(rest))
            return
        }
        (prefix, parameter, suffix) = (written, nil, nil)
    }

    var description: String {
        guard let parameter else { return prefix }
        return prefix + parameter.rawValue + (suffix.map { "/" + $0 } ?? "")
    }

    /// The path as the router takes it: `<uri>` a catch-all (`**`, whose last segment tells a
    /// suffix from the URI), `<id>` a parameter named `id`.
    var routerPath: String {
        switch parameter {
        case nil: prefix
        case .uri: prefix + "**"
        case .id: prefix + ":id" + (suffix.map { "/" + $0 } ?? "")
        }
    }

    /// Whether a request for `path` (without its query) is one for this path. (A view URI may
    /// end in a suffix too: `/views/<uri>` matches every path that `/views/<uri>/actions` does,
    /// and ``ServerRoutes/route(at:)`` takes the one with the suffix.)
    func matches(_ path: String) -> Bool {
        switch parameter {
        case nil:
            return path == prefix
        case .uri:
            guard let suffix else { return path.hasPrefix(prefix) }
            return path.hasPrefix(prefix) && path.hasSuffix("/" + suffix) && path.count > prefix.count + suffix.count + 1
        case .id:
            guard path.hasPrefix(prefix) else { return false }
            let segments = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            return segments.count == (suffix == nil ? 1 : 2) && !segments[0].isEmpty && (suffix.map { segments[1] == $0 } ?? true)
        }
    }

    /// The path of the view `uri` (path-encoded) at this path, which takes one.
    func path(uri: String) -> String {
        prefix + uri + (suffix.map { "/" + $0 } ?? "")
    }
}
