/// A component's builder state with copy-on-write storage, remembering the model last built
/// from it.
///
/// Copying a node is O(1) and the first mutation of a shared copy copies only this node. Any
/// mutation forgets the remembered model, so a delivery builds again only the components that
/// changed since the last one (and their ancestors): the others' models are reused as they are.
struct ComponentNode {
    private final class Storage {
        // Unchecked exclusivity: only this node's accessors reach these, never re-entrantly.
        @exclusivity(unchecked) var state: ComponentState
        @exclusivity(unchecked) var built: BuiltComponent?
        init(_ state: ComponentState) { self.state = state }
    }

    private var storage: Storage

    init(_ state: ComponentState) {
        storage = Storage(state)
    }

    var state: ComponentState {
        get { storage.state }
        _modify {
            if isKnownUniquelyReferenced(&storage) {
                storage.built = nil
            } else {
                storage = Storage(storage.state)
            }
            yield &storage.state
        }
    }

    /// Runs `body` on the state where it is stored: reading ``state`` copies every field (a
    /// retain each, and a release when the copy goes).
    func withState<Result>(_ body: (UnsafePointer<ComponentState>) -> Result) -> Result {
        withUnsafeMutablePointer(to: &storage.state) { body(UnsafePointer($0)) }
    }

    // Read in place, so that reading one field does not copy them all.
    var identifier: String { withState { $0.pointee.identifier } }
    var preferredIndex: Int? { withState { $0.pointee.preferredIndex } }

    /// Mutates the state in place (usable through optional chaining).
    mutating func mutate(_ body: (inout ComponentState) -> Void) {
        body(&state)
    }

    /// The model built from this state as `type` at `parentPath` + [`index`] with icons resolved
    /// or not; `build` makes it when the node changed since it last built one for that place.
    func model(type: ComponentType, parentPath: [Int], index: Int, resolvesIcons: Bool, build: () -> ComponentModel) -> ComponentModel {
        let place = BuiltComponent.Place(type: type, parentPath: parentPath, index: index, resolvesIcons: resolvesIcons)
        if let built = storage.built, built.place == place {
            return built.model
        }
        let model = build()
        // The storage is shared with snapshots that hold the same state, which build the same model.
        storage.built = BuiltComponent(model: model, place: place)
        return model
    }
}

/// A model built from a component node, and for which place.
struct BuiltComponent {
    /// Where and how a model was built: what it depends on besides the node's state.
    struct Place: Equatable {
        let type: ComponentType
        let parentPath: [Int]
        let index: Int
        let resolvesIcons: Bool
    }

    let model: ComponentModel
    let place: Place
}
