import HubCore
import Testing

/// The allocator policy programs set first thing.
@Suite struct ProcessMemoryTests {
    @Test func glibcTakesThePolicy() {
        #expect(ProcessMemory.keepLargeBlocksInTheHeap())
    }
}
