import Dispatch
import Foundation
import Testing

/// Runs every test of the suite it marks on threads of their own instead of Swift's shared
/// pool of concurrency threads: for tests that wait by blocking their thread (for a `hub`
/// process to exit or print, for PostgreSQL to start).
///
/// That pool has one thread per core (on Linux, Dispatch's default queue, which adds threads
/// only slowly when they block). Two such waits at once on a 2-core machine held all of it, and
/// nothing else async in the tests ran until the waits ended: in-process servers answered
/// nothing (they now run on threads of their own too, ``OwnThreadsExecutor``).
public struct OffThePoolTrait: SuiteTrait, TestTrait, TestScoping {
    /// The suite's tests each get the scope, not the suite as a whole.
    public var isRecursive: Bool { true }

    /// A scope for each case of a test function (where its body runs); none for a suite.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// As many tests at once as the shared pool ran (one per core): more `hub` processes at
    /// once would load the machine past what the tests' time limits allow.
    private static let slots = DispatchSemaphore(value: max(2, ProcessInfo.processInfo.activeProcessorCount))

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(OwnThreadsExecutor()) {
            // Waiting for a slot blocks a thread of the test's own.
            Self.slots.wait()
            defer { Self.slots.signal() }
            try await function()
        }
    }
}

extension Trait where Self == OffThePoolTrait {
    /// Runs the tests on threads of their own, off Swift's shared pool.
    public static var offThePool: Self { Self() }
}

/// Runs each job of the tasks that prefer it on a serial Dispatch queue of its own: such a
/// queue is given a thread at once when every thread Dispatch has is blocked (an
/// "overcommitting" queue), where the shared pool, and Dispatch's concurrent queues, add
/// threads slowly or never.
public final class OwnThreadsExecutor: TaskExecutor {
    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue(label: "hub.tests.off-the-pool").async { job.runSynchronously(on: executor) }
    }
}
