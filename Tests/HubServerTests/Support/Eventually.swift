import Foundation

/// Whether `condition` holds within `seconds`, asked every 20 ms: a loaded machine is slow, so
/// a test waits for what it expects rather than a fixed time.
func eventually(within seconds: Double, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(20))
    }
}

/// The value of the sample `name` (with its labels, if any: `name{label="value"}`) in
/// Prometheus text; nil when it is not there.
func metric(_ name: String, in text: String) -> Double? {
    for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
        return Double(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces))
    }
    return nil
}
