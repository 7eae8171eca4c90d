import Foundation

/// Times `body` and returns the median nanoseconds per iteration over `rounds` rounds.
func measure(rounds: Int = 9, iterations: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<rounds {
        let elapsed = clock.measure {
            for _ in 0..<iterations { body() }
        }
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(nanoseconds / Double(iterations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// A duration in the most readable unit.
func format(_ nanoseconds: Double) -> String {
    if nanoseconds < 1_000 { return String(format: "%.0f ns", nanoseconds) }
    if nanoseconds < 1_000_000 { return String(format: "%.1f µs", nanoseconds / 1_000) }
    return String(format: "%.2f ms", nanoseconds / 1_000_000)
}

