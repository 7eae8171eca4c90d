import Glibc
import HubSystem
import Testing

/// The allocator policy programs set first thing.
@Suite struct ProcessMemoryTests {
    /// Whether AddressSanitizer's allocator, not glibc's, serves this process (Scripts/sanitize).
    private static let addressSanitized: Bool = {
        guard let program = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(program, "__asan_init") != nil
    }()

    @Test func glibcTakesThePolicyAndAnyOtherAllocatorSaysItDidNot() {
        #expect(ProcessMemory.keepLargeBlocksInTheHeap() == !Self.addressSanitized)
    }
}
