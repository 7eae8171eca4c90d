import HubCore

/// `default:carousel` — full width. Uses `title` (bold) and lays its `children` out side by
/// side with their own components, one column apart, clipped at the right edge (marked `›`).
public final class CarouselComponent: LibraryComponent, ComponentWithChildren {
    public weak var childDelegate: (any ComponentChildDelegate)?

    public override var layoutTraits: Set<LayoutTrait> { [.fullWidth] }

    private func childSizes(_ model: ComponentModel, container: Size) -> [Size] {
        guard let childDelegate else { return [] }
        return (model.children ?? []).map { childDelegate.preferredSize(ofChild: $0, containerSize: container) }
    }

    public override func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        let tallest = childSizes(model, container: containerSize).map(\.height).max() ?? 0
        return Size(width: containerSize.width, height: (model.title == nil ? 0 : 1) + tallest)
    }

    public override func render(_ model: ComponentModel, into canvas: TextCanvas) {
        var top = 0
        if let title = model.title {
            canvas.text(1, 0, TextLayout.truncate(title, to: canvas.width - 2), style: TextStyle(bold: true))
            top = 1
        }
        guard let childDelegate else { return }
        let container = Size(width: canvas.width, height: canvas.height)
        var x = 1
        for (child, size) in zip(model.children ?? [], childSizes(model, container: container)) {
            if x >= canvas.width - 1 {
                canvas.text(canvas.width - 1, top + size.height / 2, "›", style: TextStyle(bold: true))
                break
            }
            childDelegate.renderChild(child, into: canvas.canvas(for: Rect(x: x, y: top, width: min(size.width, canvas.width - 1 - x), height: size.height)))
            x += size.width + 1
        }
    }
}

/// `default:colorContainer` — full width. Fills its frame in the colour `custom.color` (one of
/// the eight terminal colours) and stacks its `children` inside, one column in from each side.
public final class ColorContainerComponent: LibraryComponent, ComponentWithChildren {
    public weak var childDelegate: (any ComponentChildDelegate)?

    public override var layoutTraits: Set<LayoutTrait> { [.fullWidth] }

    private func heights(_ model: ComponentModel, width: Int) -> [Int] {
        guard let childDelegate else { return [] }
        let container = Size(width: max(0, width - 2), height: 0)
        return (model.children ?? []).map { childDelegate.preferredSize(ofChild: $0, containerSize: container).height }
    }

    public override func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: containerSize.width, height: heights(model, width: containerSize.width).reduce(0, +) + 2)
    }

    public override func render(_ model: ComponentModel, into canvas: TextCanvas) {
        let color = model.customData?["color"]?.stringValue.flatMap { TextStyle.colorNames.contains($0) ? $0 : nil }
        let style = TextStyle(inverse: color != nil, color: color)
        canvas.fill(0, 0, canvas.width, canvas.height, character: color == nil ? "░" : " ", style: style)
        guard let childDelegate else { return }
        var y = 1
        for (child, height) in zip(model.children ?? [], heights(model, width: canvas.width)) {
            childDelegate.renderChild(child, into: canvas.canvas(for: Rect(x: 1, y: y, width: canvas.width - 2, height: height)))
            y += height
        }
    }
}
