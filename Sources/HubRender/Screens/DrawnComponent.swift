import HubCore

/// A component a render drew, and where: its frame in the text's cells (column, row, width,
/// height), the navigation bar's rows included.
public struct DrawnComponent {
    /// The model the component showed.
    public let model: ComponentModel
    /// Where it was drawn.
    public let frame: Rect
}
