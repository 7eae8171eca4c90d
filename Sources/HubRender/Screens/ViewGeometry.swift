import HubCore

/// How a view's rows divide in an output `width` columns wide and `height` rows high (nil: as
/// high as everything it shows): a navigation bar with the title, then the body's viewport.
/// The one place that arithmetic lives; a ``Screen`` owns its geometry.
public struct ViewGeometry: Sendable, Equatable {
    /// Columns (at least 1).
    public var width: Int
    /// Rows of the whole output, navigation bar included (never negative); nil for all content.
    public var height: Int?

    /// The most columns or rows a screen has: more than any text view needs, and small enough
    /// that no sum of sizes and margins overflows.
    public static let maximumSize = 1_000_000

    /// A geometry `width` columns wide and `height` rows high (nil: all content), each within
    /// 1...``maximumSize`` (0 rows are allowed).
    public init(width: Int, height: Int? = nil) {
        self.width = min(max(1, width), Self.maximumSize)
        self.height = height.map { min(max(0, $0), Self.maximumSize) }
    }

    /// Rows the navigation bar takes: the title and a rule, or none without a title.
    public static func navigationBarHeight(for viewModel: ViewModel) -> Int {
        NavigationBar.height(title: viewModel.title)
    }

    /// Rows left for the body (and overlays) of `viewModel` below the navigation bar; nil when
    /// the height is not fixed.
    public func viewportHeight(for viewModel: ViewModel) -> Int? {
        height.map { max(0, $0 - Self.navigationBarHeight(for: viewModel)) }
    }

    /// Rows of the viewport `viewModel`, laid out as `layout`, is drawn in: the fixed one, or
    /// enough for the body, the header and every overlay.
    public func drawnViewportHeight(of viewModel: ViewModel, layout: ViewLayout) -> Int {
        Self.viewportHeight(
            fixed: viewportHeight(for: viewModel), contentHeight: layout.contentHeight, header: layout.header,
            overlays: layout.overlays)
    }

    /// Rows of a viewport: `fixed` when the height is fixed, otherwise enough for a body
    /// `contentHeight` rows high, the header's frame and the overlays' frames. The one
    /// fallback for a height that is not fixed.
    public static func viewportHeight(fixed: Int?, contentHeight: Int, header: Rect?, overlays: [Rect] = []) -> Int {
        if let fixed { return fixed }
        var height = max(contentHeight, header?.maxY ?? 0)
        for overlay in overlays { height = max(height, overlay.maxY) }
        return height
    }

    /// Rows a render of `viewModel`, laid out as `layout`, takes: the navigation bar and the
    /// viewport.
    public func renderedHeight(of viewModel: ViewModel, layout: ViewLayout) -> Int {
        Self.navigationBarHeight(for: viewModel) + drawnViewportHeight(of: viewModel, layout: layout)
    }

    /// The largest scroll offset of a body laid out as `layout`: how far its content reaches
    /// past the viewport (0 when everything shows).
    public func maximumScrollOffset(of viewModel: ViewModel, layout: ViewLayout) -> Int {
        Self.maximumScrollOffset(contentHeight: layout.contentHeight, viewportHeight: viewportHeight(for: viewModel) ?? layout.contentHeight)
    }

    /// The largest scroll offset of content `contentHeight` rows high, with `bottomInset` rows
    /// below it, in a viewport `viewportHeight` rows high; never less than `-topInset` (the
    /// smallest offset, with `topInset` rows above the content).
    public static func maximumScrollOffset(contentHeight: Int, viewportHeight: Int, topInset: Int = 0, bottomInset: Int = 0) -> Int {
        max(-topInset, contentHeight + bottomInset - viewportHeight)
    }
}
