/// The category names Hub Framework defines; categories are open strings.
public enum ComponentCategory {
    /// A view's header.
    public static let header = "header"
    /// A full-width row.
    public static let row = "row"
    /// A compact card.
    public static let card = "card"
    /// A carousel: child components side by side.
    public static let carousel = "carousel"
    /// A banner, typically an image.
    public static let banner = "banner"
}
