import Foundation

// Hub's benchmarks: one line per comparison, `name: ratio (a vs b)`, both sides measured in
// this one run (medians of several rounds), so the ratio means something on a noisy machine.
// Exits with status 1 when a comparison misses its target. docs/benchmarks.md explains each.

print("Hub benchmarks (release build)\n")
let run = BenchmarkRun()
CoreBenchmarks.run(run)
RenderBenchmarks.run(run)
LuaBenchmarks.run(run)
ReloadBenchmark.run(run)

let missed = run.missed
print("\n\(run.targeted - missed.count) of \(run.targeted) targets met" + (missed.isEmpty ? "" : "; missed: " + missed.map(\.name).joined(separator: ", ")))
exit(missed.isEmpty ? 0 : 1)
