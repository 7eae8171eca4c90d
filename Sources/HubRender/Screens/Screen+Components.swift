import HubCore

extension Screen {
    /// The components of `type` drawn by the last render, with their shown managed children, by
    /// index path (a root index, then child indexes), as Hub Framework's
    /// `visibleComponentViewsForComponentType:`. The header's path is `[0]`.
    public func visibleComponents(ofType type: ComponentType) -> [[Int]: any Component] {
        var components: [[Int]: any Component] = [:]
        func add(_ wrapper: ComponentWrapper, at path: [Int]) {
            components[path] = wrapper.component
            for (index, child) in wrapper.children { add(child, at: path + [index]) }
        }
        for (index, wrapper) in rootWrappers(ofType: type) { add(wrapper, at: [index]) }
        return components
    }

    /// The component of `type` drawn at `indexPath` by the last render (see
    /// ``visibleComponents(ofType:)``); nil when none is shown there.
    public func visibleComponent(ofType type: ComponentType, at indexPath: [Int]) -> (any Component)? {
        guard let first = indexPath.first else { return nil }
        return rootWrappers(ofType: type)[first]?.descendant(at: indexPath.dropFirst())?.component
    }

    private func rootWrappers(ofType type: ComponentType) -> [Int: ComponentWrapper] {
        switch type {
        case .header: return renderer.headerSlot.map { [0: $0] } ?? [:]
        case .body: return renderer.shownBodySlots
        case .overlay: return renderer.overlaySlots
        }
    }

    /// Makes every component anew from the registry at the next render (after the definitions
    /// of components changed: a hot reload); UI states saved for models stay.
    public func replaceComponents() {
        renderer.replaceComponents()
    }
}
