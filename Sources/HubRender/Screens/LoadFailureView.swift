import HubCore

/// What a screen whose first load failed draws instead of its view model, which holds no loaded
/// content: the view's title, then `The view failed to load` (the title of a server's answer
/// for such a view) and each failure of its chain in an error box, in the words `hub render`
/// reports it with (``ChainFailure/description``: the message, the feature and operation,
/// `file:line`, and what became of it).
struct LoadFailureView {
    /// The heading above the failures.
    static let heading = "The view failed to load"
    /// The navigation bar's title; nil: no bar.
    let title: String?
    /// What each failure says, in chain order.
    let failures: [String]

    /// The view of `loader`'s chain, which failed with `error` before any load succeeded,
    /// titled `title`: every failure of its last runs, or `error` alone when the chain
    /// records none.
    init(title: String?, loader: ViewModelLoader, error: ContentError) {
        self.title = title
        let failures = loader.failures.map(\.description)
        self.failures = failures.isEmpty ? [error.description] : failures
    }

    /// Rows it takes `width` columns wide: the navigation bar, the heading and every box.
    func height(width: Int) -> Int {
        failures.reduce(NavigationBar.height(title: title) + 1) { $0 + ErrorBox.height(of: $1, width: width) }
    }

    /// The view drawn as text at the options' width and height (nil: as high as it is; scrolling
    /// does not apply).
    func render(_ options: RenderOptions) -> String {
        let width = options.width
        let surface = TextSurface(width: width, height: options.height ?? height(width: width), boxCharacters: options.ascii ? .ascii : .unicode)
        let canvas = surface.canvas
        NavigationBar.draw(title, in: canvas)
        var row = NavigationBar.height(title: title)
        canvas.text(0, row, Self.heading, style: TextStyle(bold: true, color: "red"))
        row += 1
        for failure in failures {
            let rows = ErrorBox.height(of: failure, width: width)
            ErrorBox.draw(failure, in: canvas.canvas(for: Rect(x: 0, y: row, width: width, height: rows)))
            row += rows
        }
        return surface.text(color: options.color)
    }
}
