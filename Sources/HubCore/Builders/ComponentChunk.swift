/// Up to ``capacity`` consecutive nodes of a component list, with copy-on-write storage,
/// remembering the models last built from them.
///
/// A list is a sequence of chunks, so the first edit of a snapshot copies one chunk rather than
/// every node, and a delivery takes the models of every chunk that did not change as one array
/// instead of touching each of their components. Any mutation forgets the remembered models.
struct ComponentChunk {
    /// The most nodes a chunk holds: small enough that copying one is cheap, large enough that a
    /// list of tens of thousands of components is a few hundred chunks.
    static let capacity = 64

    private final class Storage {
        // Unchecked exclusivity: only this chunk's accessors reach these, never re-entrantly.
        @exclusivity(unchecked) var nodes: [ComponentNode]
        @exclusivity(unchecked) var built: BuiltChunk?
        init(_ nodes: [ComponentNode]) { self.nodes = nodes }
    }

    private var storage: Storage

    /// A chunk of `nodes` (at most ``capacity``).
    init(_ nodes: [ComponentNode]) {
        storage = Storage(nodes)
    }

    /// The nodes in order.
    var nodes: [ComponentNode] { storage.nodes }
    var count: Int { storage.nodes.count }
    var isFull: Bool { storage.nodes.count >= Self.capacity }

    /// The node at `offset`.
    subscript(offset: Int) -> ComponentNode {
        storage.nodes[offset]
    }

    /// Runs `body` on the nodes in place: on this chunk's own copy when it is shared.
    mutating func modifyNodes<Result>(_ body: (inout [ComponentNode]) -> Result) -> Result {
        if isKnownUniquelyReferenced(&storage) {
            storage.built = nil
        } else {
            storage = Storage(storage.nodes)
        }
        return body(&storage.nodes)
    }

    /// Whether a node has a preferred index. A chunk that remembers built models has none: they
    /// are remembered only for chunks without, and forgotten on any change.
    var hasPreferredIndex: Bool {
        storage.built == nil && storage.nodes.contains { $0.preferredIndex != nil }
    }

    /// The models of the nodes built at `place`; `build` makes them when the chunk changed since
    /// it last built them there.
    func models(at place: BuiltComponent.Place, build: ([ComponentNode]) -> [ComponentModel]) -> [ComponentModel] {
        if let built = storage.built, built.place == place {
            return built.models
        }
        let models = build(storage.nodes)
        // The storage is shared with snapshots that hold the same nodes, which build the same models.
        storage.built = BuiltChunk(models: models, place: place)
        return models
    }
}

/// Models built from a chunk, and for which place (`index` is the chunk's first).
struct BuiltChunk {
    let models: [ComponentModel]
    let place: BuiltComponent.Place
}
