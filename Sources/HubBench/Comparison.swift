import Foundation

/// One benchmark line: two things measured side by side in this run, and their ratio `a / b`.
/// Printed as `name: ratio (a vs b)`; a comparison with a target passes when the ratio is at
/// most the target (at least, for a rate that must keep up: ``atLeast``).
struct Comparison {
    let name: String
    /// The measured quantity (nanoseconds, bytes, ...) and what it is.
    let a: Measured
    /// What `a` is compared with.
    let b: Measured
    /// The bound of the ratio that meets the target; nil for a line printed for information.
    let target: Double?
    /// Whether the target is a lower bound (`ratio ≥ target`) rather than an upper one.
    let atLeast: Bool

    var ratio: Double { a.value / max(b.value, .leastNonzeroMagnitude) }
    var meetsTarget: Bool { target.map { atLeast ? ratio >= $0 : ratio <= $0 } ?? true }

    var line: String {
        let bound = atLeast ? "≥" : "≤"
        let verdict = target.map { "   target \(bound) \(Self.number($0)): " + (meetsTarget ? "met" : "MISSED") } ?? ""
        return "\(name): \(Self.number(ratio)) (\(a) vs \(b))\(verdict)"
    }

    static func number(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f" : "%.1f", value)
    }
}

/// A measured value with its unit and what it is.
struct Measured: CustomStringConvertible {
    enum Unit { case nanoseconds, kilobytes, count, perSecond }

    let label: String
    let value: Double
    let unit: Unit

    static func time(_ label: String, _ nanoseconds: Double) -> Measured { Measured(label: label, value: nanoseconds, unit: .nanoseconds) }
    static func memory(_ label: String, _ kilobytes: Double) -> Measured { Measured(label: label, value: kilobytes, unit: .kilobytes) }
    static func count(_ label: String, _ count: Double) -> Measured { Measured(label: label, value: count, unit: .count) }
    static func rate(_ label: String, _ perSecond: Double) -> Measured { Measured(label: label, value: perSecond, unit: .perSecond) }

    var description: String {
        switch unit {
        case .nanoseconds: return "\(label) \(format(value))"
        case .kilobytes: return value < 10_240 ? "\(label) \(String(format: "%.2f", value)) KB" : "\(label) \(String(format: "%.1f", value / 1024)) MB"
        case .count: return "\(label) \(Int(value))"
        case .perSecond: return "\(label) \(Int(value.rounded()))"
        }
    }
}

/// Collects the comparisons of a run and prints each as it comes.
final class BenchmarkRun {
    private(set) var comparisons: [Comparison] = []

    /// Prints and keeps the line `name` comparing `a` with `b`; with a `target`, the ratio must be
    /// at most it (at least, when `atLeast`).
    func report(_ name: String, _ a: Measured, _ b: Measured, target: Double? = nil, atLeast: Bool = false) {
        let comparison = Comparison(name: name, a: a, b: b, target: target, atLeast: atLeast)
        comparisons.append(comparison)
        print(comparison.line)
    }

    /// A line that is not a ratio (a single figure reported beside the comparisons).
    func note(_ name: String, _ text: String) {
        print("\(name): \(text)")
    }

    var missed: [Comparison] { comparisons.filter { !$0.meetsTarget } }
    var targeted: Int { comparisons.filter { $0.target != nil }.count }
}
