import HubCore

/// Places body components with Hub Framework's collection view layout algorithm, in cells.
///
/// Components fill rows left to right; one that does not fit (with its margins) starts a new
/// row below every component of the current row; finished rows get the layout manager's
/// horizontal offset (centering); the top row keeps its distance to the header or top edge.
public struct CollectionLayout {
    /// Where the margins between components and to the edges come from.
    public let layoutManager: any ComponentLayoutManager
    private let component: (ComponentModel) -> any Component

    /// A layout asking `layoutManager` for margins and `component` for each model's component.
    public init(layoutManager: any ComponentLayoutManager, component: @escaping (ComponentModel) -> any Component) {
        self.layoutManager = layoutManager
        self.component = component
    }

    /// The frames of `body` in a container `width` wide, and the content height. With a
    /// header (its traits and preferred height), the top row starts below it when
    /// `addHeaderMargin` is true.
    public func layoutBody(
        _ body: [ComponentModel], containerSize: Size, header: (traits: Set<LayoutTrait>, height: Int)?,
        addHeaderMargin: Bool = true
    ) -> (frames: [Rect], contentHeight: Int) {
        let width = containerSize.width
        var frames: [Rect] = []
        frames.reserveCapacity(body.count)
        var isTopRow = true
        var row: [(index: Int, run: LayoutRun)] = []
        var rowMaxY = 0
        var currentX = 0
        var currentY = 0
        var firstX = 0

        func finishRow() {
            guard !row.isEmpty else { return }
            let offset = layoutManager.horizontalOffset(
                forRowWith: row.map(\.run.traits), firstLeading: firstX, lastTrailing: width - currentX)
            guard offset != 0 else { return }
            for entry in row { frames[entry.index].x += offset }
        }

        var last: LayoutRun?
        // Models are read in place through a buffer pointer, not copied field by field.
        body.withUnsafeBufferPointer { body in
            for index in body.indices {
                let run: LayoutRun
                if let last, last.identifier == body[index].componentIdentifier {
                    run = last
                } else {
                    run = LayoutRun(identifier: body[index].componentIdentifier, component: component(body[index]), layoutManager: layoutManager)
                    last = run
                }
                let traits = run.traits
                let size = run.component.preferredSize(for: body[index], containerSize: containerSize)
                var frame = Rect(x: 0, y: 0, width: max(0, min(size.width, width)), height: max(0, size.height))
                var top = 0
                if isTopRow {
                    if let header {
                        top = addHeaderMargin
                            ? header.height + layoutManager.verticalMargin(for: traits, toHeaderWith: header.traits) : 0
                    } else {
                        top = run.margin(to: .top)
                    }
                }
                let left = row.last.map { run.horizontalMargin(preceding: $0.run) } ?? run.margin(to: .left)
                let right = run.margin(to: .right)
                frame.x = currentX.addingReportingOverflow(left).partialValue
                let (end, overflowed) = frame.x.addingReportingOverflow(frame.width + right)
                if overflowed || left == Int.max || end > width {
                    finishRow()
                    if !row.isEmpty {
                        top = row.lazy.map { run.verticalMargin(preceding: $0.run) }.max() ?? 0
                    }
                    frame.x = run.margin(to: .left)
                    frame.y = rowMaxY + top
                    isTopRow = false
                    row.removeAll(keepingCapacity: true)
                    currentY = frame.y
                    rowMaxY = frame.maxY
                } else {
                    frame.y = currentY + top
                }
                let overflow = frame.maxX + right - width
                if overflow > 0 { frame.width = max(0, frame.width - overflow) }
                currentX = frame.maxX
                rowMaxY = max(rowMaxY, frame.maxY)
                frames.append(frame)
                row.append((index, run))
                if row.count == 1 { firstX = frame.x }
            }
        }
        finishRow()
        let bottom = row.map { $0.run.margin(to: .bottom) }.max() ?? 0
        return (frames, rowMaxY + max(bottom, 0))
    }
}

extension CollectionLayout {
    /// The scroll offset that keeps the top-most visible component steady across an update:
    /// `proposed`, less the heights of deleted components at or above it, plus the heights of
    /// components inserted above it, kept within `-topInset` and `contentHeight + bottomInset -
    /// viewportHeight`. Without a diff or a visible component, `proposed` as is.
    public static func targetContentOffset(
        proposed: Int, diff: ViewModelDiff?, topmostVisibleIndex: Int?, oldFrames: [Rect], newFrames: [Rect],
        contentHeight: Int, viewportHeight: Int, topInset: Int = 0, bottomInset: Int = 0
    ) -> Int {
        guard let diff, let topmost = topmostVisibleIndex else { return proposed }
        var offset = proposed
        for index in diff.deleted where index <= topmost && oldFrames.indices.contains(index) {
            offset -= oldFrames[index].height
        }
        for index in diff.inserted where index < topmost && newFrames.indices.contains(index) {
            offset += newFrames[index].height
        }
        let maximum = ViewGeometry.maximumScrollOffset(
            contentHeight: contentHeight, viewportHeight: viewportHeight, topInset: topInset, bottomInset: bottomInset)
        return min(max(offset, -topInset), maximum)
    }

    /// The index of the first frame that shows below `offset`, or nil.
    public static func topmostVisibleIndex(in frames: [Rect], offset: Int) -> Int? {
        frames.firstIndex { $0.maxY > offset }
    }
}
