import Foundation
import HubSystem

/// How the serve comparisons share the machine's cores: each server under test pinned to one
/// core with `taskset`, and the load generator to another, so that every server gets the same
/// single core whatever threads it starts. Unpinned (every process on every core) when fewer
/// than two cores are allowed or `taskset` is missing.
struct CorePinning: CustomStringConvertible {
    /// The core a server runs on, and the one the load generator runs on; nil when unpinned.
    let server: Int?
    let client: Int?
    private let taskset: String?

    /// The first two cores this process may run on (`Cpus_allowed_list`).
    static let current: CorePinning = {
        let taskset = ChildProcess.find("taskset")
        let cores = AllowedCores.list
        guard let taskset, cores.count >= 2 else { return CorePinning(server: nil, client: nil, taskset: nil) }
        return CorePinning(server: cores[0], client: cores[1], taskset: taskset)
    }()

    /// `executable` with `arguments`, as run on `core` (nil: anywhere).
    func command(_ executable: String, _ arguments: [String], on core: Int?) -> (executable: String, arguments: [String]) {
        guard let taskset, let core else { return (executable, arguments) }
        return (taskset, ["-c", String(core), executable] + arguments)
    }

    var description: String {
        guard let server, let client else { return "unpinned (fewer than 2 cores, or no taskset)" }
        return "each server pinned to core \(server), wrk to core \(client)"
    }
}
