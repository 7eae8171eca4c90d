/// Component builders keyed by identifier, in creation order.
///
/// The nodes are kept in chunks (every one full but the last), so that the first edit of a
/// snapshot's list copies the list of chunks and the one chunk it edits, not every node, and a
/// build reuses whole chunks' models (see ``ComponentChunk``).
struct ComponentList {
    private typealias Chunk = ComponentChunk

    /// The nodes in creation order, ``ComponentChunk/capacity`` a chunk.
    private(set) var chunks: [ComponentChunk] = []
    /// Each identifier's position in creation order. Layered, so that the first insert into a
    /// snapshot's list copies the changes since the index was last merged, not every entry.
    private var positions = IdentifierIndex()

    /// The number of components.
    private(set) var count = 0
    var isEmpty: Bool { count == 0 }

    /// The nodes in creation order.
    var nodes: [ComponentNode] { chunks.flatMap(\.nodes) }

    /// The identifiers in creation order.
    var order: [String] { nodes.map(\.identifier) }

    /// All states in creation order.
    var states: [ComponentState] { nodes.map(\.state) }

    func contains(_ identifier: String) -> Bool {
        positions[identifier] != nil
    }

    subscript(identifier: String) -> ComponentState? {
        positions[identifier].map(state(at:))
    }

    /// Creates the component with `identifier` (after all others) unless it exists.
    mutating func ensure(_ identifier: String, defaults: ComponentDefaults) {
        guard positions.claim(identifier, at: count) == nil else { return }
        append(ComponentNode(ComponentState(identifier: identifier, defaults: defaults)))
    }

    /// Runs `body` on the component with `identifier` in place; when there is none and
    /// `defaults` are given, on a new one made from them, added after all others. One hashed
    /// lookup either way.
    mutating func modify(_ identifier: String, creatingWith defaults: ComponentDefaults?, _ body: (inout ComponentState) -> Void) {
        guard let defaults else {
            _ = modify(identifier, body)
            return
        }
        if let position = positions.claim(identifier, at: count) {
            modify(at: position, body)
            return
        }
        // Made in its node and changed there: a state built aside would be copied into it.
        var node = ComponentNode(ComponentState(identifier: identifier, defaults: defaults))
        node.mutate(body)
        append(node)
    }

    /// Adds `node`, whose identifier has just claimed the position after all others.
    private mutating func append(_ node: ComponentNode) {
        count += 1
        if let last = chunks.indices.last, !chunks[last].isFull {
            chunks[last].modifyNodes { $0.append(node) }
        } else {
            // A list past its first chunk is a long one: its next chunks are made full size at
            // once rather than grown six times over (the first grows, as most lists are short).
            var nodes = [node]
            if !chunks.isEmpty { nodes.reserveCapacity(Chunk.capacity) }
            chunks.append(Chunk(nodes))
        }
    }

    /// Removes the component with `identifier`; the ones after it move up one position.
    mutating func remove(_ identifier: String) {
        guard let position = positions.remove(identifier) else { return }
        count -= 1
        // The chunks from the removed node's on are made again; the ones before it stay shared.
        let first = position / Chunk.capacity
        let start = first * Chunk.capacity
        var moved = chunks[first...].flatMap(\.nodes)
        moved.remove(at: position - start)
        chunks.removeSubrange(first...)
        for offset in stride(from: 0, to: moved.count, by: Chunk.capacity) {
            chunks.append(Chunk(Array(moved[offset..<min(offset + Chunk.capacity, moved.count)])))
        }
        for offset in (position - start)..<moved.count {
            positions.update(moved[offset].identifier, to: start + offset)
        }
    }

    mutating func removeAll() {
        chunks = []
        positions = IdentifierIndex()
        count = 0
    }

    /// Runs `body` on the component with `identifier` in place; nil when there is none.
    mutating func modify<Result>(_ identifier: String, _ body: (inout ComponentState) -> Result) -> Result? {
        guard let position = positions[identifier] else { return nil }
        return modify(at: position, body)
    }

    /// The position of `identifier`: `hint` when the component is there (checked, so a stale
    /// hint is only slower), else looked up; nil when there is none. A builder handle keeps its
    /// component's last position as the hint, which spares hashing the identifier on every
    /// field it sets.
    func position(of identifier: String, hint: Int) -> Int? {
        if hint >= 0, hint < count, node(at: hint).identifier == identifier { return hint }
        return positions[identifier]
    }

    /// Runs `body` on the component at `position` in place.
    mutating func modify<Result>(at position: Int, _ body: (inout ComponentState) -> Result) -> Result {
        chunks[position / Chunk.capacity].modifyNodes { body(&$0[position % Chunk.capacity].state) }
    }

    /// The state of the component at `position`.
    func state(at position: Int) -> ComponentState {
        node(at: position).state
    }

    private func node(at position: Int) -> ComponentNode {
        chunks[position / Chunk.capacity][position % Chunk.capacity]
    }
}
