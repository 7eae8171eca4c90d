import HubCore

extension Screen {
    /// The frame of the body component at `index`, in content rows (row 0 is the top of the
    /// scrolling content), as Hub Framework's `frameForBodyComponentAtIndex:`; a zero rectangle
    /// at the origin when there is no body component at `index`.
    public func frameForBodyComponent(at index: Int) -> Rect {
        let frames = layout().body
        return frames.indices.contains(index) ? frames[index] : Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The index of the body component whose frame holds the cell at column `x` and row `y` of
    /// the viewport (row 0 is the first row below the navigation bar), the scroll offset taken
    /// into account, as Hub Framework's `indexOfBodyComponentAtPoint:`; nil when no body
    /// component is there.
    public func indexOfBodyComponent(atColumn x: Int, row y: Int) -> Int? {
        let row = y.saturatingAdding(scrollOffset)
        return layout().body.firstIndex { frame in
            x >= frame.x && x < frame.maxX && row >= frame.y && row < frame.maxY
        }
    }

    /// Scrolls the body by `rows` as a person dragging it would (see ``scroll(by:)``); when the
    /// drag ends with the viewport's bottom at the end of the content and the screen is not
    /// loading, the next page loads, as Hub Framework's view controller did when a drag ended
    /// near the bottom. Returns the new offset.
    @discardableResult
    public func drag(by rows: Int) -> Int {
        if let shouldStartScrolling, !shouldStartScrolling(self) { return scrollOffset }
        let offset = scroll(by: rows)
        if offset >= geometry.maximumScrollOffset(of: viewModel, layout: layout()), !loader.isLoading {
            loadNextPage()
        }
        return offset
    }
}
