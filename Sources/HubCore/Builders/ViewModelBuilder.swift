import Foundation

/// Builds a view model: its identity, navigation title, header, body and overlay component models.
///
/// A builder is a handle into a tree of value-type state. ``snapshot()`` is O(1); a builder made
/// from a snapshot never affects, and is never affected by, the builder it came from.
public final class ViewModelBuilder {
    let store: BuilderStore
    let path: [BuilderStep]

    init(store: BuilderStore, path: [BuilderStep]) {
        self.store = store
        self.path = path
    }

    /// A new, empty builder that reads JSON with `schema`.
    public convenience init(configuration: BuilderConfiguration = BuilderConfiguration(), schema: JSONSchema = .default) {
        self.init(store: BuilderStore(root: ViewModelState(), configuration: configuration, schema: schema), path: [])
    }

    /// A new builder holding what `snapshot` holds, reading JSON with the snapshot's schema.
    public convenience init(snapshot: ViewModelBuilderSnapshot) {
        self.init(
            store: BuilderStore(root: snapshot.state, configuration: snapshot.configuration, schema: snapshot.schema),
            path: [])
    }

    /// The configuration this builder's component builders are seeded from.
    public var configuration: BuilderConfiguration { store.configuration }

    /// The schema JSON added to this builder, or to any builder of its tree, is read with.
    public var schema: JSONSchema { store.schema }

    private var state: ViewModelState {
        store.root.view(at: path[...]) ?? ViewModelState()
    }

    func modify(_ body: (inout ViewModelState) -> Void) {
        // The root view (the usual case) is reached without walking a path.
        if path.isEmpty { return body(&store.root) }
        _ = store.root.modifyView(at: path[...], body)
    }

    /// An O(1) snapshot of everything this builder holds.
    public func snapshot() -> ViewModelBuilderSnapshot {
        ViewModelBuilderSnapshot(state: state, configuration: store.configuration, schema: store.schema)
    }

    /// A new builder with a copy of everything this one holds.
    public func copy() -> ViewModelBuilder {
        ViewModelBuilder(snapshot: snapshot())
    }

    // MARK: Properties

    /// The view's identifier (nil by default).
    public var viewIdentifier: String? {
        get { state.identifier }
        set { modify { $0.identifier = newValue } }
    }

    /// The navigation bar title.
    public var navigationBarTitle: String? {
        get { state.title }
        set { modify { $0.title = newValue } }
    }

    /// Free-form data for the view.
    public var customData: JSONDictionary? {
        get { state.customData }
        set { modify { $0.customData = newValue } }
    }

    /// Sets one custom data entry; a nil value removes the key.
    public func setCustomDataValue(_ value: JSONValue?, forKey key: String) {
        modify { state in
            var data = state.customData ?? [:]
            data[key] = value
            state.customData = data
        }
    }

    /// Whether there is no header, body or overlay builder.
    public var isEmpty: Bool { state.isEmpty }

    // MARK: Header

    /// The header component model builder, created on first access with identifier `header`.
    public var headerBuilder: ComponentModelBuilder {
        let defaults = store.configuration.componentDefaults
        modify { state in
            if state.header == nil {
                state.header = ComponentNode(ComponentState(identifier: "header", defaults: defaults))
            }
        }
        return ComponentModelBuilder(store: store, path: path + [.header])
    }

    /// Whether a header builder exists.
    public var hasHeader: Bool { state.header != nil }

    /// Removes the header builder.
    public func removeHeader() {
        modify { $0.header = nil }
    }

    // MARK: Body and overlays

    /// The body component builder with `identifier`, created (after all others) if needed.
    public func bodyBuilder(_ identifier: String) -> ComponentModelBuilder {
        let defaults = store.configuration.componentDefaults
        modify { $0.body.ensure(identifier, defaults: defaults) }
        return componentBuilder(in: .body, identifier)
    }

    /// Whether a body component builder with `identifier` exists.
    public func hasBody(_ identifier: String) -> Bool { state.body.contains(identifier) }

    /// The body component builders in creation order (preferred indices not applied).
    public var bodyBuilders: [ComponentModelBuilder] {
        state.body.order.map { ComponentModelBuilder(store: store, path: path + [.body($0)]) }
    }

    /// The number of body component builders.
    public var bodyCount: Int { state.body.count }

    /// Removes the body component builder with `identifier`.
    public func removeBody(_ identifier: String) {
        modify { $0.body.remove(identifier) }
    }

    /// The overlay component builder with `identifier`, created (after all others) if needed.
    public func overlayBuilder(_ identifier: String) -> ComponentModelBuilder {
        let defaults = store.configuration.componentDefaults
        modify { $0.overlays.ensure(identifier, defaults: defaults) }
        return componentBuilder(in: .overlay, identifier)
    }

    /// Whether an overlay component builder with `identifier` exists.
    public func hasOverlay(_ identifier: String) -> Bool { state.overlays.contains(identifier) }

    /// The overlay component builders in creation order (preferred indices not applied).
    public var overlayBuilders: [ComponentModelBuilder] {
        state.overlays.order.map { ComponentModelBuilder(store: store, path: path + [.overlay($0)]) }
    }

    /// The number of overlay component builders.
    public var overlayCount: Int { state.overlays.count }

    /// Removes the overlay component builder with `identifier`.
    public func removeOverlay(_ identifier: String) {
        modify { $0.overlays.remove(identifier) }
    }

    /// Removes the header and every body and overlay builder.
    public func removeAll() {
        modify { state in
            state.header = nil
            state.body.removeAll()
            state.overlays.removeAll()
        }
    }

    /// Calls `body` with the header, then the body builders, then the overlay builders (creation
    /// order) until it returns false.
    public func forEachComponentBuilder(_ body: (ComponentModelBuilder) -> Bool) {
        var all: [ComponentModelBuilder] = []
        if hasHeader { all.append(ComponentModelBuilder(store: store, path: path + [.header])) }
        all += bodyBuilders
        all += overlayBuilders
        for builder in all where !body(builder) { return }
    }

    // MARK: Building

    /// Builds the immutable view model.
    public func build() -> ViewModel {
        ModelFactory(configuration: store.configuration).viewModel(from: state, buildDate: Date())
    }

    /// Builds the immutable view model in the storage of `previousBody` (an earlier delivery's
    /// body that the caller gives up): the same model as ``build()``, cheaper when most of the
    /// body is what it was.
    func build(reusing previousBody: consuming [ComponentModel]) -> ViewModel {
        ModelFactory(configuration: store.configuration).viewModel(from: state, buildDate: Date(), reusing: previousBody)
    }
}
