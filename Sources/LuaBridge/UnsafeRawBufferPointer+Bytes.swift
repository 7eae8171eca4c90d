import Foundation

extension UnsafeRawBufferPointer {
    /// Whether `other` holds the same bytes: one `memcmp` (a generic `elementsEqual` walks them
    /// one at a time through the collection protocols).
    package func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        guard let bytes = baseAddress, let otherBytes = other.baseAddress else { return true }
        return memcmp(bytes, otherBytes, count) == 0
    }
}
