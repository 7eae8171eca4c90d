import HubCore

/// Hub's fallback handler: new models default to `default:row` in the `row` category, and
/// unknown components are stood in for by a ``FallbackComponent`` of the model's category.
public struct DefaultComponentFallbackHandler: ComponentFallbackHandler {
    public var componentDefaults: ComponentDefaults

    public init(componentDefaults: ComponentDefaults = .standard) {
        self.componentDefaults = componentDefaults
    }

    public func createFallbackComponent(forCategory category: String) -> any Component {
        FallbackComponent(category: category)
    }
}

/// Renders any model's texts, so that a view with unknown components still shows its content.
///
/// Cards are compact and boxed; every other category is a full-width stackable block of text
/// lines: title, subtitle (dim), description (dim), accessory.
public final class FallbackComponent: Component {
    public let category: String

    public init(category: String) {
        self.category = category
    }

    public var layoutTraits: Set<LayoutTrait> {
        category == ComponentCategory.card ? [.compactWidth] : [.fullWidth, .stackable]
    }

    private func lines(of model: ComponentModel) -> [(String, TextStyle)] {
        var lines: [(String, TextStyle)] = []
        if let title = model.title { lines.append((title, TextStyle(bold: category == ComponentCategory.header))) }
        if let subtitle = model.subtitle { lines.append((subtitle, TextStyle(dim: true))) }
        if let description = model.descriptionText { lines.append((description, TextStyle(dim: true))) }
        if let accessory = model.accessoryTitle { lines.append((accessory, .plain)) }
        return lines
    }

    public func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        let count = max(1, lines(of: model).count)
        if category == ComponentCategory.card {
            return Size(width: max(4, containerSize.width / 3), height: count + 2)
        }
        return Size(width: containerSize.width, height: count)
    }

    public func render(_ model: ComponentModel, into canvas: TextCanvas) {
        let boxed = category == ComponentCategory.card
        if boxed { canvas.box(0, 0, canvas.width, canvas.height) }
        let inset = boxed ? 1 : 0
        for (row, line) in lines(of: model).enumerated() {
            let text = DisplayWidth.prefix(of: line.0, fitting: canvas.width - 2 * inset)
            canvas.text(inset, inset + row, text, style: line.1)
        }
    }
}
