import HubCore
import Testing

@testable import HubRender

// Fixtures and mocks shared by the HubRender tests (Hub Framework's `tests/mocks`).

extension ComponentDefaults {
    /// `HUBComponentDefaults defaultsForTesting`: every new component model builder starts with these.
    static let testing = ComponentDefaults(namespace: "namespace", name: "name", category: "category")
}

/// Mirrors `HUBComponentMock` as far as layout goes: a fixed preferred size and mutable layout
/// traits. It renders nothing, and records the container size it was last measured in.
final class ComponentMock: Component {
    var layoutTraits: Set<LayoutTrait>
    /// What ``preferredSize(for:containerSize:)`` returns, whatever the model.
    var preferredViewSize: Size
    private(set) var currentContainerSize: Size?

    init(traits: Set<LayoutTrait> = [], preferredViewSize: Size = .zero) {
        layoutTraits = traits
        self.preferredViewSize = preferredViewSize
    }

    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        currentContainerSize = containerSize
        return preferredViewSize
    }

    func render(_ model: ComponentModel, into canvas: TextCanvas) {}
}

/// Mirrors `HUBComponentLayoutManagerMock`: every margin is looked up only by the component's
/// own trait set (the edge margins are the same for all four edges); a missing entry means 0.
/// The row offset is looked up by the array of the row's trait sets.
struct ComponentLayoutManagerMock: ComponentLayoutManager {
    var contentEdgeMargins: [Set<LayoutTrait>: Int] = [:]
    var headerMargins: [Set<LayoutTrait>: Int] = [:]
    var horizontalComponentMargins: [Set<LayoutTrait>: Int] = [:]
    var verticalComponentMargins: [Set<LayoutTrait>: Int] = [:]
    var horizontalComponentOffsets: [[Set<LayoutTrait>]: Int] = [:]

    func margin(for traits: Set<LayoutTrait>, to edge: ContentEdge) -> Int {
        contentEdgeMargins[traits] ?? 0
    }

    func verticalMargin(for traits: Set<LayoutTrait>, toHeaderWith headerTraits: Set<LayoutTrait>) -> Int {
        headerMargins[traits] ?? 0
    }

    func horizontalMargin(for traits: Set<LayoutTrait>, preceding: Set<LayoutTrait>) -> Int {
        horizontalComponentMargins[traits] ?? 0
    }

    func verticalMargin(for traits: Set<LayoutTrait>, preceding: Set<LayoutTrait>) -> Int {
        verticalComponentMargins[traits] ?? 0
    }

    func horizontalOffset(forRowWith traits: [Set<LayoutTrait>], firstLeading: Int, lastTrailing: Int) -> Int {
        horizontalComponentOffsets[traits] ?? 0
    }
}

/// Mirrors `HUBComponentFactoryMock`: a name → component dictionary that returns the same
/// instance every time, and nil for unknown names.
struct ComponentFactoryMock: ComponentFactory {
    var components: [String: any Component]

    func createComponent(named name: String) -> (any Component)? {
        components[name]
    }
}

/// Mirrors `HUBComponentFallbackHandlerMock`: defaults from a `ComponentDefaults` and a
/// category → component map. A category without a fallback is a test failure.
final class ComponentFallbackHandlerMock: ComponentFallbackHandler {
    let componentDefaults: ComponentDefaults
    var fallbackComponents: [String: any Component] = [:]

    init(componentDefaults: ComponentDefaults = .testing) {
        self.componentDefaults = componentDefaults
    }

    func createFallbackComponent(forCategory category: String) -> any Component {
        if let component = fallbackComponents[category] { return component }
        Issue.record("no fallback component for category '\(category)'")
        return ComponentMock()
    }
}

/// A full-width stackable row one line high: the title on the left, the accessory title
/// right-aligned.
final class TextRowComponent: Component {
    let layoutTraits: Set<LayoutTrait> = [.fullWidth, .stackable]

    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size {
        Size(width: containerSize.width, height: 1)
    }

    func render(_ model: ComponentModel, into canvas: TextCanvas) {
        canvas.text(0, 0, model.title ?? "")
        if let accessory = model.accessoryTitle {
            canvas.text(canvas.width - DisplayWidth.of(accessory), 0, accessory)
        }
    }
}
