import HubRender

/// The stacks of screens that scripts and tools opened and still hold, which a hot reload
/// updates, and the single screens they hold (a server's request), which, with the stacks',
/// changes of the store reschedule. Held weakly: nothing is kept alive for them.
final class LiveStacks {
    private final class Entry {
        weak var stack: ScreenStack?
        init(_ stack: ScreenStack) { self.stack = stack }
    }

    private final class ScreenEntry {
        weak var screen: Screen?
        init(_ screen: Screen) { self.screen = screen }
    }

    private var entries: [Entry] = []
    private var screenEntries: [ScreenEntry] = []

    /// Keeps track of `stack` while someone holds it.
    func add(_ stack: ScreenStack) {
        entries.removeAll { $0.stack == nil }
        entries.append(Entry(stack))
    }

    /// Keeps track of `screen`, opened on its own, while someone holds it.
    func add(_ screen: Screen) {
        screenEntries.removeAll { $0.screen == nil }
        screenEntries.append(ScreenEntry(screen))
    }

    /// The stacks still held, in the order they were opened.
    var all: [ScreenStack] {
        entries.removeAll { $0.stack == nil }
        return entries.compactMap(\.stack)
    }

    /// Every screen still held: those of the stacks, then those opened on their own.
    var allScreens: [Screen] {
        screenEntries.removeAll { $0.screen == nil }
        return all.flatMap(\.screens) + screenEntries.compactMap(\.screen)
    }
}
