import HubCore

/// The body of `POST /sessions/{id}/resize`: `{"width": 74}`, the columns the preview page's
/// pane has room for, which the session's screens are then drawn at.
struct ResizeRequest: Sendable, Equatable {
    /// The fewest and most columns a session is drawn at.
    static let widths = 10...1_000

    var width: Int

    /// The request `body` describes; 400 when it is not a JSON object whose only member is
    /// `width`, a whole number of columns in ``widths``.
    init(body: [UInt8]) throws(ViewFailure) {
        let object = try ActionRequest.object(body)
        guard object.keys.sorted() == ["width"], let width = object["width"]?.intValue,
            Self.widths.contains(width)
        else {
            throw .badRequest("the body must be {\"width\": N}, N columns from \(Self.widths.lowerBound) to \(Self.widths.upperBound)")
        }
        self.width = width
    }
}
