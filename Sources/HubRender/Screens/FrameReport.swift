import HubCore

/// A view's laid-out frames as JSON, for tools and tests.
public enum FrameReport {
    /// `{"header": {...} | null, "body": [{"id", "x", "y", "width", "height"}, ...], "overlays": [...], "content_height": N}`
    /// with keys in that order, one frame per line.
    public static func json(for viewModel: ViewModel, layout: ViewLayout) -> String {
        func frame(_ model: ComponentModel, _ rect: Rect) -> String {
            "{\"id\": \(quoted(model.identifier)), \"x\": \(rect.x), \"y\": \(rect.y), \"width\": \(rect.width), \"height\": \(rect.height)}"
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

    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
