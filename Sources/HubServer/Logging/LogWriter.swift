import Dispatch
import Foundation
import Glibc
import HubCore
import Synchronization

/// Writes a log's lines to a file descriptor from a thread of its own, so that a server never
/// waits on its log: whoever logs only hands the line over. A reader that falls behind (a
/// terminal scrolled back, a pipe nobody drains) makes lines wait, up to a bound; past it, lines
/// are dropped, and a line says how many once there is room again. Each line is written whole,
/// in the order lines were handed over.
public final class LogWriter: Sendable {
    /// Standard error's writer, which `hub serve`'s log and announcements share
    /// (`HubDefaults.Server.logBacklogBytes` may wait).
    public static let standardError = LogWriter(descriptor: STDERR_FILENO, bound: HubDefaults.Server.logBacklogBytes)

    private let queue: Queue

    /// A writer to `descriptor`, which it does not close; at most `bound` bytes wait.
    init(descriptor: Int32, bound: Int) {
        queue = Queue(descriptor: descriptor, bound: bound)
        Thread.detachNewThread { [queue] in queue.writeUntilStopped() }
    }

    deinit {
        queue.stop()
    }

    /// Hands `line` (with its newline) over to be written; drops it when the lines waiting
    /// already take the bound.
    public func write(_ line: String) {
        queue.add(line)
    }

    /// Waits until every line handed over is written, at most `seconds`; whether they were.
    @discardableResult
    public func flush(within seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !queue.isDrained {
            guard ContinuousClock.now < deadline else { return false }
            usleep(1_000)
        }
        return true
    }
}

extension LogWriter {
    /// The lines waiting, and the thread that writes them.
    private final class Queue: Sendable {
        private struct State {
            var waiting: [UInt8] = []
            /// Lines refused since the last were taken.
            var dropped = 0
            /// Whether the thread holds lines it is writing.
            var writing = false
            var stopped = false
        }

        private let descriptor: Int32
        private let bound: Int
        private let state = Mutex(State())
        /// Signalled when lines come to an empty queue the thread is not writing from.
        private let wake = DispatchSemaphore(value: 0)

        init(descriptor: Int32, bound: Int) {
            self.descriptor = descriptor
            self.bound = bound
        }

        var isDrained: Bool {
            state.withLock { $0.waiting.isEmpty && $0.dropped == 0 && !$0.writing }
        }

        func add(_ line: String) {
            var line = line
            let wakes = line.withUTF8 { bytes in
                state.withLock { state in
                    guard state.waiting.count + bytes.count <= bound else {
                        state.dropped += 1
                        return false
                    }
                    let wasIdle = state.waiting.isEmpty && !state.writing
                    state.waiting.append(contentsOf: bytes)
                    return wasIdle
                }
            }
            if wakes { wake.signal() }
        }

        func stop() {
            let wakes = state.withLock { state in
                state.stopped = true
                return state.waiting.isEmpty && !state.writing
            }
            if wakes { wake.signal() }
        }

        /// Writes what waits whenever lines come, until stopped with none waiting.
        func writeUntilStopped() {
            var taken: [UInt8] = []
            while true {
                wake.wait()
                while take(into: &taken) { Self.write(taken, to: descriptor) }
                if state.withLock({ $0.stopped && $0.waiting.isEmpty }) { return }
            }
        }

        /// Moves the lines waiting (and a line for those dropped) into `taken`; false when none.
        private func take(into taken: inout [UInt8]) -> Bool {
            taken.removeAll(keepingCapacity: true)
            let dropped = state.withLock { state -> Int in
                guard !state.waiting.isEmpty || state.dropped > 0 else {
                    state.writing = false
                    return -1
                }
                swap(&taken, &state.waiting)
                state.writing = true
                defer { state.dropped = 0 }
                return state.dropped
            }
            guard dropped >= 0 else { return false }
            if dropped > 0 {
                taken.append(contentsOf: "hub: \(dropped) log line\(dropped == 1 ? "" : "s") dropped: the log's reader fell behind by more than \(bound) bytes\n".utf8)
            }
            return true
        }

        /// Writes all of `bytes`, unless the descriptor fails (closed): a log that cannot be
        /// written loses its lines, not the server. A descriptor another process made
        /// non-blocking (a terminal shared with it) is waited for when full, as a blocking one is.
        private static func write(_ bytes: [UInt8], to descriptor: Int32) {
            bytes.withUnsafeBytes { bytes in
                var rest = bytes
                while let start = rest.baseAddress, !rest.isEmpty {
                    let written = Glibc.write(descriptor, start, rest.count)
                    if written < 0, errno == EINTR { continue }
                    if written < 0, errno == EAGAIN {
                        var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&writable, 1, -1)
                        continue
                    }
                    guard written > 0 else { return }
                    rest = UnsafeRawBufferPointer(rebasing: rest[written...])
                }
            }
        }
    }
}
