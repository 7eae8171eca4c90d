import Foundation
internal import LuaBridge

/// What `hub profile` and `s:profile(fn)` found: per operation run, its time, instructions,
/// memory and waits; and the stacks sampled every ``every`` instructions the budget counted
/// (Lua's, and the cost of host calls and bytes allocated), so that the same work gives the
/// same samples and they add up to the operations' instructions.
package struct Profile: Sendable {
    /// The bytes of samples a profile keeps at most: past them, samples are dropped.
    package static var recordBytes: Int { LuaState.profileRecordBytes }

    /// One operation (or action) that ran while profiling, over all of its runs.
    package struct Operation: Equatable, Sendable {
        /// The operation's name (an action's: `action ns:name`).
        package var name: String
        /// The view URI it ran for (an action's: where it was performed, or `""`).
        package var view: String
        /// Runs started.
        package var runs = 0
        /// Wall-clock milliseconds from each run's start to its end, summed (waits included).
        package var milliseconds = 0.0
        /// Milliseconds the runs spent running (resumed), Lua and Swift together.
        package var runningMilliseconds = 0.0
        /// Milliseconds of that spent in Swift called from Lua: builders, JSON, the store's and
        /// HTTP's bookkeeping (not their waits).
        package var hostMilliseconds = 0.0
        /// Milliseconds the runs were suspended, by what they waited for: `sleep`, `await`,
        /// `http`, `store`.
        package var waits: [String: Double] = [:]
        /// Instructions the runs' budgets counted while they ran: the VM's, counted in steps of
        /// the hook's period, plus the allocation and C work the budget charges.
        package var instructions = 0
        /// Bytes the Lua state allocated while the runs ran (frees not subtracted).
        package var allocatedBytes: UInt64 = 0

        /// Milliseconds of Lua: running, less the host's part.
        package var luaMilliseconds: Double { max(0, runningMilliseconds - hostMilliseconds) }
        /// Milliseconds waited in all.
        package var waitMilliseconds: Double { waits.values.reduce(0, +) }

        /// An operation `name` of `view` that has not run yet.
        package init(name: String, view: String) {
            self.name = name
            self.view = view
        }
    }

    /// A function the samples name.
    package struct Frame: Hashable, Sendable {
        /// Its name as its caller calls it; `(anonymous)` when it has none, `(main chunk)` for
        /// a chunk's body.
        package var name: String
        /// Its file (a chunk's name), or `[C]`.
        package var file: String
        /// The line where it is defined; nil for a C function.
        package var line: Int?

        /// `name@file:line` (`name@[C]`): one frame of a folded stack, with no spaces.
        package var label: String {
            let place = line.map { "\(file):\($0)" } ?? file
            return "\(name.replacingOccurrences(of: " ", with: "_"))@\(place.replacingOccurrences(of: " ", with: "_"))"
        }
    }

    /// One sample: the operation running (an index into ``operations``; nil outside runs), the
    /// line of its innermost Lua function (nil when none), and its stack of frames (indices
    /// into ``frames``), outermost first.
    package struct Sample: Equatable, Sendable {
        package var operation: Int?
        package var line: Int?
        package var stack: [Int]
    }

    /// The instructions between two samples.
    package var every: Int
    /// In the order they first ran.
    package var operations: [Operation]
    package var frames: [Frame]
    /// In the order they were taken.
    package var samples: [Sample]
    /// Samples lost for want of memory.
    package var dropped: Int

    /// A function's samples: those it was running in itself (`selfSamples`, the innermost
    /// frame) and those it was on the stack for (`totalSamples`, counted once per sample).
    package struct FunctionSamples: Equatable, Sendable {
        package var frame: Frame
        package var selfSamples: Int
        package var totalSamples: Int
    }

    /// A line's samples: those taken while it ran in the innermost Lua function.
    package struct LineSamples: Equatable, Sendable {
        package var file: String
        package var line: Int
        package var samples: Int
    }

    /// Every sampled function, most self samples first (then most total, then by label).
    package var functions: [FunctionSamples] {
        var selfCounts = [Int](repeating: 0, count: frames.count)
        var totalCounts = [Int](repeating: 0, count: frames.count)
        // The last sample each frame was counted in: a recursive function counts once a sample.
        var countedIn = [Int](repeating: -1, count: frames.count)
        for (index, sample) in samples.enumerated() {
            if let innermost = sample.stack.last { selfCounts[innermost] += 1 }
            for frame in sample.stack where countedIn[frame] != index {
                countedIn[frame] = index
                totalCounts[frame] += 1
            }
        }
        return frames.indices.filter { totalCounts[$0] > 0 }
            .map { FunctionSamples(frame: frames[$0], selfSamples: selfCounts[$0], totalSamples: totalCounts[$0]) }
            .sorted { ($1.selfSamples, $1.totalSamples, $0.frame.label) < ($0.selfSamples, $0.totalSamples, $1.frame.label) }
    }

    /// Every sampled line, most samples first (then by file and line).
    package var lines: [LineSamples] {
        // Counted by frame and line first, so that each file's name is hashed once per line.
        var byFrame: [FrameLine: Int] = [:]
        for sample in samples {
            guard let line = sample.line,
                  let innermost = sample.stack.last(where: { frames[$0].line != nil }) else { continue }
            byFrame[FrameLine(frame: innermost, line: line), default: 0] += 1
        }
        var counts: [LineKey: Int] = [:]
        for (key, count) in byFrame { counts[LineKey(file: frames[key.frame].file, line: key.line), default: 0] += count }
        return counts.map { LineSamples(file: $0.key.file, line: $0.key.line, samples: $0.value) }
            .sorted { ($1.samples, $0.file, $0.line) < ($0.samples, $1.file, $1.line) }
    }

    private struct FrameLine: Hashable {
        var frame: Int
        var line: Int
    }

    private struct LineKey: Hashable {
        var file: String
        var line: Int
    }

    /// The name a folded stack or a speedscope file gives operation `index`: its name, with
    /// its view first when operations of several views ran.
    package func operationLabel(_ index: Int) -> String {
        let operation = operations[index]
        let views = Set(operations.map(\.view))
        let name = views.count > 1 && !operation.view.isEmpty ? "\(operation.view) \(operation.name)" : operation.name
        return name.replacingOccurrences(of: " ", with: "_")
    }
}
