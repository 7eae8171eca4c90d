import HubCore
import Testing
@testable import HubRender

/// A subclass adopts one capability more than its class: what a class adopts is found per
/// class, not per family.
final class ObservingParentComponent: ComponentWithChildren, ComponentContentOffsetObserver {
    weak var childDelegate: (any ComponentChildDelegate)?
    var layoutTraits: Set<LayoutTrait> = [.fullWidth]
    var offsets: [Int] = []
    func preferredSize(for model: ComponentModel, containerSize: Size) -> Size { Size(width: containerSize.width, height: 1) }
    func render(_ model: ComponentModel, into canvas: TextCanvas) {}
    func contentOffsetDidChange(to offset: Int) { offsets.append(offset) }
}

/// Which capability protocols a component's class adopts, found once per class by its host.
@Suite struct ComponentConformancesTests {
    @Test func eachClassHasExactlyTheCapabilitiesItAdopts() {
        #expect(ComponentConformances(of: CapableComponent()) == [.imageHandling, .restorableUIState, .selectionState, .viewObserver])
        #expect(ComponentConformances(of: ParentComponent()) == [.children])
        #expect(ComponentConformances(of: ObservingParentComponent()) == [.children, .contentOffsetObserver])
        #expect(ComponentConformances(of: ComponentMock()) == [])
        #expect(ComponentConformances(of: RowComponent(icons: DefaultIconResolver())) == [.imageHandling])
    }

    @Test func aHostsWrappersCarryTheirClasssCapabilitiesAndUseThem() {
        let registry = ComponentRegistry(fallbackHandler: ComponentFallbackHandlerMock())
        let made = Made()
        _ = try? registry.register(BlockComponentFactory { name in
            name == "observer" ? made.keep(ObservingParentComponent()) as any Component : ComponentMock()
        }, forNamespace: "test")
        let host = ComponentHost(registry: registry, imageLoader: OfflineImageLoader(loop: HubEventLoop(clock: .virtual)), now: { 0 })
        let observer = Self.model("a", name: "observer")
        let first = host.dequeue(for: observer)
        let second = host.dequeue(for: observer)
        #expect(first.conformances == [.children, .contentOffsetObserver])
        #expect(second.conformances == first.conformances)
        #expect(host.dequeue(for: Self.model("b", name: "plain")).conformances == [])
        first.contentOffsetDidChange(to: 3)
        second.contentOffsetDidChange(to: 5)
        #expect(made.components.map(\.offsets) == [[3], [5]])
        host.recycle(first)
        #expect(host.dequeue(for: observer) === first)
        #expect(host.createdCount == 3)
    }

    private static func model(_ identifier: String, name: String) -> ComponentModel {
        let builder = ViewModelBuilder()
        builder.bodyBuilder(identifier).componentIdentifier = Identifier(namespace: "test", name: name)
        return builder.build().body[0]
    }
}

/// The components a factory made, in order.
private final class Made {
    var components: [ObservingParentComponent] = []
    func keep(_ component: ObservingParentComponent) -> ObservingParentComponent {
        components.append(component)
        return component
    }
}
