import Foundation
import HubCore
import Synchronization

/// A load generator for `hub serve` on loopback: `connections` keep-alive HTTP/1.1 connections,
/// each on a thread of its own, asking for `path` one request after another until `requests`
/// have been answered in all; the time each answer took, and how many were not 200.
struct LoadClient {
    let port: Int
    let path: String
    let connections: Int

    /// What a run measured.
    struct Result {
        /// Seconds from the first request to the last answer.
        let seconds: Double
        /// Each answer's latency, in nanoseconds, sorted.
        let latencies: [Double]
        /// Answers that were not 200, and connections that failed.
        let errors: Int

        var requestsPerSecond: Double { Double(latencies.count) / seconds }

        /// The latency below which `fraction` of the answers came, in nanoseconds.
        func percentile(_ fraction: Double) -> Double {
            latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
        }
    }

    func run(requests: Int) -> Result {
        let shared = Shared(requests: requests)
        let started = MonotonicTime.now
        let group = DispatchGroup()
        for _ in 0..<connections {
            group.enter()
            Thread { [self] in
                defer { group.leave() }
                runConnection(shared)
            }.start()
        }
        group.wait()
        let seconds = MonotonicTime.seconds(since: started)
        return Result(seconds: seconds, latencies: shared.latencies.sorted(), errors: shared.errors)
    }

    /// Sends requests on one connection while the run wants more.
    private func runConnection(_ shared: Shared) {
        guard let connection = LoopbackConnection(port: port) else {
            shared.record(latency: nil)
            return
        }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        while shared.claim() {
            let start = MonotonicTime.now
            guard connection.send(request), let status = connection.readResponse()?.status else {
                shared.record(latency: nil)
                return
            }
            shared.record(latency: status == 200 ? Double(MonotonicTime.nanoseconds(since: start)) : nil)
        }
    }

    /// What the connections share: how many requests are left to send, and what came back.
    private final class Shared: Sendable {
        private struct Counts {
            var left: Int
            var latencies: [Double] = []
            var errors = 0
        }

        private let counts: Mutex<Counts>

        init(requests: Int) {
            var counts = Counts(left: requests)
            counts.latencies.reserveCapacity(requests)
            self.counts = Mutex(counts)
        }

        /// The latencies of the answers so far, in nanoseconds.
        var latencies: [Double] { counts.withLock { $0.latencies } }
        /// How many requests got an error or a status other than 200.
        var errors: Int { counts.withLock { $0.errors } }

        /// Takes one request to send; false when none is left.
        func claim() -> Bool {
            counts.withLock { counts in
                guard counts.left > 0 else { return false }
                counts.left -= 1
                return true
            }
        }

        /// An answer in `latency` nanoseconds, or an error (nil).
        func record(latency: Double?) {
            counts.withLock { counts in
                if let latency { counts.latencies.append(latency) } else { counts.errors += 1 }
            }
        }
    }
}
