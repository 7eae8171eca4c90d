#if canImport(Glibc)
import Glibc
#endif

/// How the process's allocator keeps memory that Hub frees.
package enum ProcessMemory {
    /// The size from which blocks are mapped on their own: larger than any a render or a build
    /// asks for.
    static let mappedBlockBytes: Int32 = 64 << 20
    /// How much free memory the heap's top may hold before it is given back.
    static let retainedTopBytes: Int32 = 128 << 20

    /// Keeps large blocks in the heap and its free top for reuse, instead of glibc's moving
    /// threshold, which maps and unmaps a render's or a build's larger arrays anew (page faults
    /// for every page, each time) once one of them was freed at a size it had not seen. Called
    /// once, first thing, by programs; returns false where the allocator is not glibc's.
    @discardableResult
    package static func keepLargeBlocksInTheHeap() -> Bool {
        #if canImport(Glibc)
        // glibc's `mallopt` (malloc.h, which Swift's Glibc module leaves out), found by name.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3 // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
        return mallopt(mmapThreshold, mappedBlockBytes) == 1 && mallopt(trimThreshold, retainedTopBytes) == 1
        #else
        return false
        #endif
    }
}
