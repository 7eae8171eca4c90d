import Foundation

/// wrk (Debian's `wrk`), the HTTP load generator of the serve comparisons: one thread keeping
/// ``connections`` keep-alive connections busy for a few seconds, its output parsed.
struct Wrk {
    /// What one run measured.
    struct Result {
        let requestsPerSecond: Double
        /// Latency percentiles, in nanoseconds (wrk's `--latency` distribution).
        let p50: Double
        let p99: Double
        /// Answers that were not 2xx or 3xx, and socket errors (connect, read, write, timeout).
        let errors: Int
    }

    /// Connections kept busy (as many as ``LoadClient``'s in `serve_1_worker`).
    static let connections = 8

    let executable: String
    let pinning: CorePinning

    /// wrk on PATH, run on the load generator's core of `pinning`; nil when not installed.
    init?(pinning: CorePinning) {
        guard let executable = ChildProcess.find("wrk") else { return nil }
        self.executable = executable
        self.pinning = pinning
    }

    /// `GET url` with `headers` (`Name: value`) for `seconds`.
    func run(_ url: String, headers: [String] = [], seconds: Int) throws -> Result {
        let arguments = ["-t1", "-c\(Self.connections)", "-d\(seconds)s", "--timeout", "10s", "--latency"]
            + headers.flatMap { ["-H", $0] } + [url]
        let (program, all) = pinning.command(executable, arguments, on: pinning.client)
        let output = try Self.output(of: program, all)
        guard let result = Self.parse(output) else { throw BenchmarkError("cannot read wrk's output: \(output)") }
        return result
    }

    /// Medians of `rounds` alternating runs of `a` and `b` (a then b, then b then a, ...), each
    /// median taken by requests per second (its latencies with it).
    static func alternate(rounds: Int, _ a: () throws -> Result, _ b: () throws -> Result) throws -> (a: Result, b: Result) {
        let (samplesA, samplesB) = try alternating(rounds: rounds, a, b)
        func middle(_ samples: [Result]) -> Result {
            samples.sorted { $0.requestsPerSecond < $1.requestsPerSecond }[samples.count / 2]
        }
        return (middle(samplesA), middle(samplesB))
    }

    /// The result in wrk's report: `Requests/sec:`, the `50%` and `99%` lines of its latency
    /// distribution, `Non-2xx or 3xx responses:` and `Socket errors:`.
    static func parse(_ output: String) -> Result? {
        var rate: Double?
        var percentiles: [String: Double] = [:]
        var errors = 0
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first == "Requests/sec:", fields.count > 1 {
                rate = Double(fields[1])
            } else if first.hasSuffix("%"), fields.count == 2, let value = duration(fields[1]) {
                percentiles[String(first)] = value
            } else if line.contains("Non-2xx or 3xx responses:"), let count = fields.last.flatMap({ Int($0) }) {
                errors += count
            } else if first == "Socket" {
                // Socket errors: connect 0, read 0, write 0, timeout 0
                errors += fields.compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }.reduce(0, +)
            }
        }
        guard let rate, let p50 = percentiles["50%"], let p99 = percentiles["99%"] else { return nil }
        return Result(requestsPerSecond: rate, p50: p50, p99: p99, errors: errors)
    }

    /// A wrk duration (`812.00us`, `1.25ms`, `2.00s`, `1.00m`) in nanoseconds.
    private static func duration(_ text: Substring) -> Double? {
        let units: [(String, Double)] = [("us", 1e3), ("ms", 1e6), ("s", 1e9), ("m", 60e9)]
        guard let (suffix, scale) = units.first(where: { text.hasSuffix($0.0) }), let value = Double(text.dropLast(suffix.count)) else {
            return nil
        }
        return value * scale
    }

    /// What `executable` prints on standard output; throws when it fails.
    private static func output(of executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("\(executable) \(arguments.joined(separator: " ")) failed") }
        return String(decoding: data, as: UTF8.self)
    }
}
