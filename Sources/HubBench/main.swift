import Foundation
import HubCore
import HubSystem

// Hub's benchmarks: one line per comparison, `name: ratio (a vs b)`, both sides measured in
// this one run (medians of several rounds), so the ratio means something on a noisy machine.
// Exits with status 1 when a comparison misses its target. docs/benchmarks.md explains each.

// Arguments name the groups to run (snapshot, chain, json, render, lua, process,
// memory, reload, serve, http, store); none runs them all.

ProcessMemory.keepLargeBlocksInTheHeap() // as `hub` does: each side runs under the user's policy
ChildProcess.servePeakOption()
print("Hub benchmarks (release build)\n")
let run = BenchmarkRun()
let groups = Set(CommandLine.arguments.dropFirst())
func runs(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }
if runs("snapshot") { CoreBenchmarks.snapshots(run) }
if runs("chain") { CoreBenchmarks.rescheduling(run) }
if runs("json") { CoreBenchmarks.json(run) }
if runs("render") { RenderBenchmarks.run(run) }
if runs("lua") { LuaBenchmarks.run(run) }
if runs("process") { ProcessBenchmarks.run(run) }
if runs("memory") { MemoryBenchmarks.run(run) }
if runs("reload") { ReloadBenchmark.run(run) }
if runs("serve") { ServeBenchmarks.run(run) }
if runs("http") { HTTPBenchmarks.run(run) }
if runs("store") { StoreBenchmarks.run(run) }

let missed = run.missed
print("\n\(run.targeted - missed.count) of \(run.targeted) targets met" + (missed.isEmpty ? "" : "; missed: " + missed.map(\.name).joined(separator: ", ")))
exit(missed.isEmpty ? 0 : 1)
