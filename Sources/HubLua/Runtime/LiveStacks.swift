import HubRender

/// The stacks of screens that scripts and tools opened and still hold: what a hot reload
/// updates. Held weakly: a stack nobody holds any more is not kept alive for reloading.
final class LiveStacks {
    private final class Entry {
        weak var stack: ScreenStack?
        init(_ stack: ScreenStack) { self.stack = stack }
    }

    private var entries: [Entry] = []

    /// Keeps track of `stack` while someone holds it.
    func add(_ stack: ScreenStack) {
        entries.removeAll { $0.stack == nil }
        entries.append(Entry(stack))
    }

    /// The stacks still held, in the order they were opened.
    var all: [ScreenStack] {
        entries.removeAll { $0.stack == nil }
        return entries.compactMap(\.stack)
    }
}
