import Foundation
import Glibc
import Testing
@testable import HubServer

/// The log's writer (``LogWriter``): lines handed over from any thread are written whole and
/// in order, and a reader that does not read makes lines wait up to the bound, then drop, a
/// line saying how many, but never makes the one who logs wait.
@Suite struct LogWriterTests {
    /// A pipe whose writing end a ``LogWriter`` writes to, read on a thread of its own.
    final class LogPipe: @unchecked Sendable {
        private let pipe = Pipe()
        private let read = DispatchSemaphore(value: 0)
        private var data = Data()
        var descriptor: Int32 { pipe.fileHandleForWriting.fileDescriptor }

        /// Starts reading what is written, to its end.
        func startReading() {
            Thread.detachNewThread { [self] in
                data = pipe.fileHandleForReading.readDataToEndOfFile()
                read.signal()
            }
        }

        /// Fills the pipe with lines `f`, as a reader that stopped reading leaves it; with
        /// `leavingItNonBlocking`, its writing end stays non-blocking, as another process may
        /// leave a terminal they share.
        func fill(leavingItNonBlocking: Bool = false) {
            let flags = fcntl(descriptor, F_GETFL)
            _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
            // PIPE_BUF bytes at a time, which a pipe takes whole or not at all.
            let lines = [UInt8](repeating: 0, count: Int(PIPE_BUF)).indices.map { $0 % 2 == 0 ? UInt8(ascii: "f") : UInt8(ascii: "\n") }
            while lines.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            if !leavingItNonBlocking { _ = fcntl(descriptor, F_SETFL, flags) }
        }

        /// The lines written after ``fill()``'s, once the writing end is closed (after
        /// ``startReading()``).
        func lines() throws -> [String] {
            try pipe.fileHandleForWriting.close()
            read.wait()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0 != "f" }.map(String.init)
        }
    }

    /// Line `number` of `thread`, of a length that varies.
    private static func line(_ thread: Int, _ number: Int) -> String {
        "thread \(thread) line \(number) " + String(repeating: "x", count: number % 97)
    }

    /// Line `number`, of about 100 bytes.
    private static func line(_ number: Int) -> String {
        "line \(number) " + String(repeating: "x", count: 90)
    }

    // Off the task pool, as they wait (for the writer, the reader): the in-process servers of
    // other suites answer on it. What the thread saw comes back and is checked here, so that a
    // failure is reported under the test's name.

    @Test func linesFromManyThreadsAreWrittenWholeAndInTheOrderEachHandedThem() async throws {
        let (threads, lines) = (4, 500)
        let (flushed, written) = try await offThePool { () throws -> (Bool, [String]) in
            let log = LogPipe()
            log.startReading()
            let writer = LogWriter(descriptor: log.descriptor, bound: 1 << 20)
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for number in 0..<lines { writer.write(Self.line(thread, number) + "\n") }
            }
            return (writer.flush(within: 10), try log.lines())
        }
        #expect(flushed)
        #expect(written.count == threads * lines)
        for thread in 0..<threads {
            #expect(written.filter { $0.hasPrefix("thread \(thread) ") } == (0..<lines).map { Self.line(thread, $0) })
        }
    }

    @Test(.timeLimit(.minutes(1))) func aReaderThatDoesNotReadDropsLinesPastTheBoundAndNeverHoldsTheLogger() async throws {
        let count = 5_000
        let (waited, flushed, written) = try await offThePool { () throws -> (Bool, Bool, [String]) in
            let log = LogPipe()
            log.fill()
            // 16 KiB may wait; 500 KB are logged.
            let writer = LogWriter(descriptor: log.descriptor, bound: 16 << 10)
            for number in 0..<count { writer.write(Self.line(number) + "\n") }
            let waited = !writer.flush(within: 0.2)
            // The reader reads now: what waited is written, then a line saying how many were dropped.
            log.startReading()
            return (waited, writer.flush(within: 10), try log.lines())
        }
        #expect(waited, "nothing reads, so lines wait")
        #expect(flushed)
        // Lines come in order; each run of dropped ones is said right where it was.
        var next = 0
        var dropped = 0
        for text in written {
            if let notice = text.firstMatch(of: /^hub: (\d+) log lines? dropped: the log's reader fell behind by more than 16384 bytes$/) {
                let missing = Int(notice.1) ?? 0
                #expect(missing > 0 && text != written.first, "\(text)")
                next += missing
                dropped += missing
            } else {
                #expect(text == Self.line(next), "line \(next)")
                next += 1
            }
        }
        #expect(next == count, "every line is written or counted as dropped")
        #expect(dropped > 0 && count - dropped >= (16 << 10) / 100, "\(dropped) dropped")
    }

    @Test func aFullNonBlockingDescriptorIsWaitedForAndNoLineIsLost() async throws {
        let (waited, flushed, written) = try await offThePool { () throws -> (Bool, Bool, [String]) in
            let log = LogPipe()
            log.fill(leavingItNonBlocking: true)
            let writer = LogWriter(descriptor: log.descriptor, bound: 1 << 20)
            for number in 0..<50 { writer.write(Self.line(number) + "\n") }
            let waited = !writer.flush(within: 0.2)
            log.startReading()
            return (waited, writer.flush(within: 10), try log.lines())
        }
        #expect(waited, "nothing reads, so lines wait")
        #expect(flushed)
        #expect(written == (0..<50).map(Self.line))
    }
}
