import Dispatch
import Foundation
import HubTestThreads
import Testing

/// The tests of a suite marked `.offThePool` block threads of their own: more of them wait at
/// once than Swift's shared pool has threads, and none waits for another to end.
@Suite(.offThePool) struct OffThePoolTests {
    @Test func moreBlockedWaitsThanThePoolHasThreadsAllRunAtOnce() async {
        // The shared pool has one thread per core: on it, the first waits would hold every thread
        // and the others would never start, so none would see all of them started.
        let count = ProcessInfo.processInfo.activeProcessorCount * 2 + 1
        let started = DispatchGroup()
        for _ in 0..<count { started.enter() }
        let sawAllStarted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    started.leave()
                    return started.wait(timeout: .now() + 10) == .success
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(sawAllStarted == Array(repeating: true, count: count))
    }
}
