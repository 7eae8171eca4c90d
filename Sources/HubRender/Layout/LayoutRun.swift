import HubCore

/// Consecutive body models of one component, as most bodies are: their measuring component,
/// its traits, and the layout manager's margins for those traits, each asked for once per run
/// instead of once per model (traits are sets of strings, so every margin question hashes).
final class LayoutRun {
    let identifier: Identifier
    let component: any Component
    let traits: Set<LayoutTrait>
    private let layoutManager: any ComponentLayoutManager
    // Unchecked exclusivity: a run is used by one layout at a time and never lends these out,
    // and a runtime check on every margin asked for was a tenth of laying out a long body.
    /// Margins to the top, right, bottom and left edges, once asked for.
    @exclusivity(unchecked) private var edgeMargins: [Int?] = [nil, nil, nil, nil]
    @exclusivity(unchecked) private var horizontalToItself: Int?
    @exclusivity(unchecked) private var verticalToItself: Int?

    /// The run of `component`'s models (with `identifier`), laid out with `layoutManager`.
    init(identifier: Identifier, component: any Component, layoutManager: any ComponentLayoutManager) {
        self.identifier = identifier
        self.component = component
        self.layoutManager = layoutManager
        traits = component.layoutTraits
    }

    /// The margin between a model of the run and `edge`.
    func margin(to edge: ContentEdge) -> Int {
        let slot: Int
        switch edge {
        case .top: slot = 0
        case .right: slot = 1
        case .bottom: slot = 2
        case .left: slot = 3
        }
        return Self.remembered(&edgeMargins[slot]) { layoutManager.margin(for: traits, to: edge) }
    }

    /// The horizontal margin between a model of the run and one of `preceding` before it.
    func horizontalMargin(preceding: LayoutRun) -> Int {
        guard preceding === self else { return layoutManager.horizontalMargin(for: traits, preceding: preceding.traits) }
        return Self.remembered(&horizontalToItself) { layoutManager.horizontalMargin(for: traits, preceding: traits) }
    }

    /// The vertical margin between a model of the run and one of `preceding` in the row above.
    func verticalMargin(preceding: LayoutRun) -> Int {
        guard preceding === self else { return layoutManager.verticalMargin(for: traits, preceding: preceding.traits) }
        return Self.remembered(&verticalToItself) { layoutManager.verticalMargin(for: traits, preceding: traits) }
    }

    /// What `slot` holds, or what `ask` says, remembered in `slot`.
    private static func remembered(_ slot: inout Int?, _ ask: () -> Int) -> Int {
        if let margin = slot { return margin }
        let margin = ask()
        slot = margin
        return margin
    }
}
