import Foundation

/// Times `body` and returns the median nanoseconds per iteration over `rounds` rounds.
func measure(rounds: Int = 9, iterations: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<rounds { samples.append(time(iterations: iterations, body)) }
    return median(samples)
}

/// Times `a` and `b` in alternating rounds (a then b, then b then a, ...), so that the machine's
/// moods fall on both alike; the median nanoseconds per iteration of each.
func measure(rounds: Int = 9, iterations: Int, _ a: () -> Void, against b: () -> Void) -> (a: Double, b: Double) {
    let (samplesA, samplesB) = alternating(rounds: rounds, { time(iterations: iterations, a) }, { time(iterations: iterations, b) })
    return (median(samplesA), median(samplesB))
}

/// `rounds` samples of `a` and of `b` taken in alternating rounds (a then b, then b then a, ...),
/// so that the machine's moods fall on both alike.
func alternating<Sample>(rounds: Int, _ a: () throws -> Sample, _ b: () throws -> Sample) rethrows -> (a: [Sample], b: [Sample]) {
    var samplesA: [Sample] = []
    var samplesB: [Sample] = []
    for round in 0..<rounds {
        if round % 2 == 0 {
            samplesA.append(try a())
            samplesB.append(try b())
        } else {
            samplesB.append(try b())
            samplesA.append(try a())
        }
    }
    return (samplesA, samplesB)
}

/// Nanoseconds per iteration of `iterations` runs of `body`.
private func time(iterations: Int, _ body: () -> Void) -> Double {
    let elapsed = ContinuousClock().measure {
        for _ in 0..<iterations { body() }
    }
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return nanoseconds / Double(iterations)
}

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted[sorted.count / 2]
}

/// A duration in the most readable unit.
func format(_ nanoseconds: Double) -> String {
    if nanoseconds < 1_000 { return String(format: "%.0f ns", nanoseconds) }
    if nanoseconds < 1_000_000 { return String(format: "%.1f µs", nanoseconds / 1_000) }
    return String(format: "%.2f ms", nanoseconds / 1_000_000)
}
