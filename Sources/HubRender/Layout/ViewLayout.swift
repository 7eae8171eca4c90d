import HubCore

/// Where each component of a view goes, in cells. Body frames are in content coordinates
/// (row 0 is the top of the scrolling content); the header is pinned above the body.
public struct ViewLayout: Equatable, Sendable {
    /// The header's frame at the top; nil without a header.
    public var header: Rect?
    /// The body components' frames, in body order.
    public var body: [Rect]
    /// The overlays' frames, centred over the body's viewport, in overlay order.
    public var overlays: [Rect]
    /// The height of the scrolling content, bottom margin included.
    public var contentHeight: Int
}
