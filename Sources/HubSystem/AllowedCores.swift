import Foundation

/// The cores this process may run on: its CPU affinity, as `taskset`, `numactl` or a
/// container's cpuset give it. Foundation's and SwiftNIO's core counts are the machine's
/// whatever the affinity, so a server pinned to one core would run two event loops and two
/// workers there, each waiting out the other's time slice.
package enum AllowedCores {
    /// Their numbers, in order, from `Cpus_allowed_list` in `/proc/self/status` (`0-1`, `0,2-3`);
    /// empty where that cannot be read.
    package static var list: [Int] {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return [] }
        return parse(line.dropFirst(field.count).trimmingCharacters(in: .whitespaces))
    }

    /// How many there are: at least one, and no more than the machine's active cores.
    package static var count: Int {
        let machine = ProcessInfo.processInfo.activeProcessorCount
        let allowed = list.count
        return allowed == 0 ? machine : max(1, min(allowed, machine))
    }

    /// The cores a Linux CPU list names (`0-1`, `0,2-3`); empty for one that is malformed.
    static func parse(_ text: String) -> [Int] {
        var cores: [Int] = []
        for range in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = range.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard bounds.count <= 2, let first = bounds.first ?? nil, let last = bounds.last ?? nil, first <= last else { return [] }
            cores += first...last
        }
        return cores
    }

    private static let field = "Cpus_allowed_list:"
}
