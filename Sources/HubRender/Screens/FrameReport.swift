import HubCore

/// A view's laid-out frames as JSON, for tools and tests.
public enum FrameReport {
    /// `{"header": {...} | null, "body": [{"id", "x", "y", "width", "height"}, ...], "overlays": [...], "content_height": N}`
    /// with keys in that order, one frame per line.
    public static func json(for viewModel: ViewModel, layout: ViewLayout) -> String {
        func frame(_ model: ComponentModel, _ rect: Rect) -> String {
            "{\"id\": \(JSONValue.string(model.identifier).serialized()), \"x\": \(rect.x), \"y\": \(rect.y), \"width\": \(rect.width), \"height\": \(rect.height)}"
        }
        func list(_ models: [ComponentModel], _ rects: [Rect]) -> String {
            let items = zip(models, rects).map { "    " + frame($0, $1) }
            return items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n  ]"
        }
        var header = "null"
        if let model = viewModel.header, let rect = layout.header { header = frame(model, rect) }
        return """
            {
              "header": \(header),
              "body": \(list(viewModel.body, layout.body)),
              "overlays": \(list(viewModel.overlays, layout.overlays)),
              "content_height": \(layout.contentHeight)
            }

            """
    }
}
