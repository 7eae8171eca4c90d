import Foundation

/// Blocks its thread until `condition` holds, looking every 5 ms, or until `seconds` have
/// passed (which only a condition that never comes to hold reaches); whether it holds. For
/// what nothing announces: a file another process removes, a store's rows another one wrote.
public func waitUntil(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(5_000)
    }
    return true
}
