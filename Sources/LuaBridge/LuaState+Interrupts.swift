import CLuaShim
import Foundation
import Synchronization

// Ctrl-C at a prompt: it stops the running script, and the wait the script is in, with
// "interrupted" at the script's line.

extension LuaState {
    /// Runs `body` (scripts evaluated at a prompt) so that Ctrl-C (SIGINT) stops the running
    /// script with "interrupted" at its line instead of ending the process; a `pcall` in the
    /// script cannot catch it. Host code waiting on the script's behalf (a sleep, a response)
    /// stops waiting once ``isStopping`` says so: `wake`, called on another thread at each
    /// Ctrl-C, wakes it (an event loop's nudge), and the script stops where the wait returns.
    public static func interruptible<Result>(
        waking wake: @escaping @Sendable () -> Void = {}, _ body: () throws -> Result
    ) rethrows -> Result {
        hub_interrupts_install()
        interruptibleDepth.add(1, ordering: .sequentiallyConsistent)
        defer {
            interruptibleDepth.subtract(1, ordering: .sequentiallyConsistent)
            hub_interrupts_uninstall()
        }
        return try wakingOnInterrupt(wake, body)
    }

    /// Runs `wait`, host code blocking on a script's behalf, so that Ctrl-C (inside
    /// ``interruptible(waking:_:)``) also calls `wake`, on another thread, to end it early;
    /// ``isStopping`` then says why it ended.
    package static func wakingOnInterrupt<Result>(
        _ wake: @escaping @Sendable () -> Void, _ wait: () throws -> Result
    ) rethrows -> Result {
        // Outside a prompt nothing is woken: no thread is started for it (a server's waits).
        guard interruptibleDepth.load(ordering: .sequentiallyConsistent) > 0 else { return try wait() }
        let key = InterruptWakers.shared.add(wake)
        defer { InterruptWakers.shared.remove(key) }
        return try wait()
    }
}

/// How many ``LuaState/interruptible(waking:_:)`` calls are running.
private let interruptibleDepth = Atomic(0)

/// What Ctrl-C wakes: a thread of its own, started at the first use, waits for each SIGINT the
/// handler takes (``hub_interrupts_wait()``) and calls them, as a signal handler cannot (they
/// take locks).
private final class InterruptWakers: Sendable {
    static let shared = InterruptWakers()

    private struct Wakers {
        var next = 0
        var all: [Int: @Sendable () -> Void] = [:]
    }

    private let wakers = Mutex(Wakers())

    private init() {
        Thread.detachNewThread { [self] in
            Thread.current.name = "hub-interrupts"
            while true {
                hub_interrupts_wait()
                for wake in wakers.withLock({ Array($0.all.values) }) { wake() }
            }
        }
    }

    /// Adds `wake`; the key to remove it by.
    func add(_ wake: @escaping @Sendable () -> Void) -> Int {
        wakers.withLock { wakers in
            wakers.next += 1
            wakers.all[wakers.next] = wake
            return wakers.next
        }
    }

    func remove(_ key: Int) {
        _ = wakers.withLock { $0.all.removeValue(forKey: key) }
    }
}
