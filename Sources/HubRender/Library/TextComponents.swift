import HubCore

/// `default:row` — full width, stackable. Uses `title` (bold), `subtitle` or `description`
/// (dim, second line), `accessory` (right-aligned), and `icon` (its glyph) or the main image
/// (`▦`, `▣` once loaded) in front of the title.
public final class RowComponent: LibraryComponent {
    public override func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        let second = model.subtitle ?? model.descriptionText
        return Size(width: containerSize.width, height: second == nil ? 1 : 2)
    }

    public override func render(_ model: ComponentModel, into canvas: TextCanvas) {
        var x = 1
        if let mark = glyph(model.icon) ?? model.mainImageData.map({ loaded($0) == nil ? "▦" : "▣" }) {
            canvas.text(x, 0, mark)
            x += DisplayWidth.of(mark) + 1
        }
        var available = canvas.width - x - 1
        if let accessory = model.accessoryTitle {
            let text = TextLayout.truncate(accessory, to: max(0, available / 2))
            canvas.text(canvas.width - 1 - DisplayWidth.of(text), 0, text, style: TextStyle(dim: true))
            available -= DisplayWidth.of(text) + 1
        }
        canvas.text(x, 0, TextLayout.truncate(model.title ?? "", to: available), style: TextStyle(bold: true))
        if let second = model.subtitle ?? model.descriptionText {
            canvas.text(x, 1, TextLayout.truncate(second, to: canvas.width - x - 1), style: TextStyle(dim: true))
        }
    }
}

/// `default:sectionHeader` — full width, stackable. Uses `title` (bold) over a rule.
public final class SectionHeaderComponent: LibraryComponent {
    public override func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: containerSize.width, height: 2)
    }

    public override func render(_ model: ComponentModel, into canvas: TextCanvas) {
        canvas.text(1, 0, TextLayout.truncate(model.title ?? "", to: canvas.width - 2), style: TextStyle(bold: true))
        canvas.hline(1, 1, canvas.width - 2, style: TextStyle(dim: true))
    }
}

/// `default:label` — full width, stackable. Uses `title`, wrapped over as many rows as it needs.
public final class LabelComponent: LibraryComponent {
    private func lines(_ model: ComponentModel, width: Int) -> [String] {
        TextLayout.wrap(model.title ?? model.descriptionText ?? "", to: max(1, width - 2))
    }

    public override func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: containerSize.width, height: max(1, lines(model, width: containerSize.width).count))
    }

    public override func render(_ model: ComponentModel, into canvas: TextCanvas) {
        for (row, line) in lines(model, width: canvas.width).enumerated() {
            canvas.text(1, row, line)
        }
    }
}

/// `default:activityIndicator` — centered. Uses `title` (default `Loading…`) after a spinner glyph.
public final class ActivityIndicatorComponent: LibraryComponent {
    public override var layoutTraits: Set<LayoutTrait> { [.centered] }

    private func text(_ model: ComponentModel) -> String {
        "◌ " + (model.title ?? "Loading…")
    }

    public override func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: DisplayWidth.of(text(model)), height: 1)
    }

    public override func render(_ model: ComponentModel, into canvas: TextCanvas) {
        canvas.text(0, 0, text(model), style: TextStyle(dim: true))
    }
}

/// `default:searchBar` — full width. Uses `title` as the query, or `subtitle` as the prompt
/// (default `Search`), in a box.
public final class SearchBarComponent: LibraryComponent {
    public override var layoutTraits: Set<LayoutTrait> { [.fullWidth] }

    public override func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: containerSize.width, height: 3)
    }

    public override func render(_ model: ComponentModel, into canvas: TextCanvas) {
        canvas.box(1, 0, canvas.width - 2, 3)
        let query = model.title.map { ($0, TextStyle.plain) } ?? (model.subtitle ?? "Search", TextStyle(dim: true))
        canvas.text(3, 1, "⌕ " + TextLayout.truncate(query.0, to: canvas.width - 8), style: query.1)
    }
}
