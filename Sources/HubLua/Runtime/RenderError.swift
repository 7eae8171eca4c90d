/// Why ``HubRuntime/render(_:ascii:color:)`` drew nothing: the view would take more memory to
/// draw than the runtime lets scripts use (a view of many very tall components, drawn whole).
public struct RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The view's URI.
    public let viewURI: String
    /// How many columns the drawing would have.
    public let width: Int
    /// How many rows the drawing would have.
    public let height: Int
    /// The runtime's memory limit, in bytes.
    public let memoryLimit: Int

    /// `the view 'tall:view' is 80 × 9001003 cells, more than fits in the memory limit (256
    /// MiB); give it a height to print part of it`.
    public var description: String {
        "the view '\(viewURI)' is \(width) × \(height) cells, more than fits in the memory limit (\(memoryLimit >> 20) MiB); "
            + "give it a height to print part of it"
    }
}
