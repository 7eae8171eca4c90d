import Foundation
import HubCore
import HubLua

/// What a profile found (``HubRuntime/stopProfile()``), in the forms `hub profile` writes: a
/// table to read, folded stacks for flame graphs, a speedscope file. It holds the same profile
/// a script's `s:profile(fn)` gets as a table.
public struct ProfileReport: Sendable {
    /// The profile: per operation, its runs' time, instructions, memory and waits; the stacks
    /// sampled.
    package let profile: Profile

    package init(_ profile: Profile) {
        self.profile = profile
    }

    /// The bytes of samples a profile keeps at most: past them, samples are dropped.
    public static var recordBytes: Int { Profile.recordBytes }

    /// The instructions between two samples.
    public var every: Int { profile.every }

    /// How many samples were taken.
    public var sampleCount: Int { profile.samples.count }

    /// Samples lost past ``recordBytes``, or for want of memory.
    public var droppedSamples: Int { profile.dropped }

    /// The operations (runs, time, Lua and host time, waits, instructions, bytes allocated),
    /// then the `top` functions by samples (self, then total) and the `top` lines.
    public func table(top: Int = HubDefaults.Profile.rows) -> String {
        profile.table(top: top)
    }

    /// The samples as folded stacks (Brendan Gregg's format, which flamegraph.pl, speedscope
    /// and inferno read), sorted: one line per distinct stack, the operation running first
    /// (when one was), then each function as `name@file:line`, and how many samples had it.
    public var foldedStacks: String { profile.foldedStacks }
}
