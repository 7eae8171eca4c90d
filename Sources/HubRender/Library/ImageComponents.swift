import HubCore

/// `default:header` — full width, six rows. Uses `title` (bold, centred), `subtitle` (dim,
/// centred) and the background image (named in the frame's corner).
public final class HeaderComponent: LibraryComponent {
    public override var layoutTraits: Set<LayoutTrait> { [.fullWidth] }

    public override func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: containerSize.width, height: 6)
    }

    public override func render(_ model: ComponentModel, into canvas: TextCanvas) {
        canvas.box(0, 0, canvas.width, canvas.height, style: TextStyle(dim: true))
        let inner = canvas.width - 4
        guard inner > 0 else { return }
        if let background = model.backgroundImageData {
            let label = TextLayout.truncate(imageLabel(background), to: inner)
            canvas.text(canvas.width - 2 - DisplayWidth.of(label), canvas.height - 2, label, style: TextStyle(dim: true))
        }
        let title = TextLayout.truncate(model.title ?? "", to: inner)
        canvas.text(TextLayout.centered(title, in: canvas.width), 2, title, style: TextStyle(bold: true))
        if let subtitle = model.subtitle {
            let text = TextLayout.truncate(subtitle, to: inner)
            canvas.text(TextLayout.centered(text, in: canvas.width), 3, text, style: TextStyle(dim: true))
        }
    }
}

/// `default:card` — compact. Uses the main image (a framed placeholder naming it), `title`
/// (bold) and `description` (dim, up to three lines).
public final class CardComponent: LibraryComponent {
    public override var layoutTraits: Set<LayoutTrait> { [.compactWidth] }

    public override func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: max(12, min(24, (containerSize.width - 4) / 3)), height: 9)
    }

    public override func preferredImageSize(for image: ComponentImageData, model: ComponentModel, containerSize: Size) -> Size {
        Size(width: preferredSize(for: model, containerSize: containerSize).width, height: 3)
    }

    public override func render(_ model: ComponentModel, into canvas: TextCanvas) {
        canvas.box(0, 0, canvas.width, canvas.height)
        let inner = canvas.width - 4
        guard inner > 0 else { return }
        var row = 1
        if let image = model.mainImageData {
            canvas.text(2, row, TextLayout.truncate(imageLabel(image), to: inner), style: TextStyle(dim: true))
            row += 2
        }
        canvas.text(2, row, TextLayout.truncate(model.title ?? "", to: inner), style: TextStyle(bold: true))
        row += 1
        for line in TextLayout.wrap(model.descriptionText ?? model.subtitle ?? "", to: inner, maxLines: canvas.height - row - 1) {
            canvas.text(2, row, line, style: TextStyle(dim: true))
            row += 1
        }
    }
}

/// `default:image` — compact, half the width. Uses the main image (or the background image)
/// and `title` (under the placeholder's name).
public final class ImageComponent: LibraryComponent {
    public override var layoutTraits: Set<LayoutTrait> { [.compactWidth] }

    public override func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        let width = max(8, (containerSize.width - 3) / 2)
        return Size(width: width, height: 5)
    }

    public override func render(_ model: ComponentModel, into canvas: TextCanvas) {
        guard let image = model.mainImageData ?? model.backgroundImageData else {
            canvas.box(0, 0, canvas.width, canvas.height, style: TextStyle(dim: true))
            canvas.text(2, 1, TextLayout.truncate(model.title ?? "", to: canvas.width - 4))
            return
        }
        drawImagePlaceholder(image, in: canvas)
        if let title = model.title, canvas.height > 4 {
            canvas.text(2, canvas.height - 2, TextLayout.truncate(title, to: canvas.width - 4), style: TextStyle(bold: true))
        }
    }
}
