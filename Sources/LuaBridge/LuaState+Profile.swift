import CLua
import CLuaShim

// Sampled profiles: while a profile is on, the running stack is recorded every N instructions
// the budget counts (profile.c): the count hook's, and a host call's or C work's cost where it
// is charged; and host calls add up the time Swift spends in them.

/// A function as a profile's samples name it.
package struct LuaProfileFrame: Hashable, Sendable {
    /// What kind of function it is.
    package enum Kind: Sendable {
        /// A Lua function.
        case lua
        /// A chunk's main function.
        case main
        /// A C function (Lua's libraries, Hub's own functions).
        case c
    }

    /// Its name as its caller calls it (`""` when the caller gives it none).
    package var name: String
    /// Its chunk's name without `@` or `=` (a file's path as loaded), `[C]` for a C function.
    package var source: String
    /// The line where it is defined; nil for a C function.
    package var line: Int?
    package var kind: Kind
}

/// One sample: what ran, as the host tagged it, the line of its innermost Lua function, and its
/// stack, outermost first (indices into ``LuaProfileSamples/frames``).
package struct LuaProfileSample: Equatable, Sendable {
    /// The host's tag when it was taken (``LuaState/profileTag``).
    package var tag: Int
    /// The line running in its innermost Lua function; nil when no Lua function was on the stack.
    package var line: Int?
    package var stack: [Int]
}

/// What a profile sampled so far.
package struct LuaProfileSamples: Equatable, Sendable {
    /// The instructions between two samples.
    package var every: Int
    package var frames: [LuaProfileFrame]
    package var samples: [LuaProfileSample]
    /// Samples lost: past the profile's bound on what it keeps, or for want of memory.
    package var dropped: Int
}

extension LuaState {
    /// Starts sampling, every `every` instructions the budget counts, the stacks of what runs
    /// under an instruction budget from now on (this call's thread, every operation's and
    /// action's coroutine), forgetting any earlier profile: the VM's instructions (the budget's
    /// hook then fires at that period), a host call's or C work's cost (sampled where it is
    /// charged, the host function innermost) and the bytes allocated (sampled at the next
    /// instruction), so that the samples add up to the instructions counted. Off, it samples
    /// nothing and costs nothing. At most `recordBytes` of samples are kept (a run
    /// sampled every instruction would otherwise fill memory); later ones are dropped and
    /// counted. False when out of memory.
    @discardableResult
    package func startProfile(every: Int, recordBytes: Int = LuaState.profileRecordBytes) -> Bool {
        hub_profile_start(L, Int32(clamping: max(1, every)), max(0, recordBytes)) != 0
    }

    /// How much of its samples a profile keeps unless told otherwise: 64 MiB, about a million
    /// samples of deep stacks or four million of shallow ones.
    package static let profileRecordBytes = 64 << 20

    /// Stops sampling and forgets the profile.
    package func stopProfile() {
        hub_profile_stop(L)
    }

    /// Whether a profile is on.
    package var isProfiling: Bool { limits.pointee.profile != nil }

    /// What runs now, recorded with each sample (0: nothing in particular); 0 while no profile
    /// is on.
    package var profileTag: Int {
        get { limits.pointee.profile.map { Int(hub_profile_tag($0)) } ?? 0 }
        set { limits.pointee.profile.map { hub_profile_set_tag($0, Int32(clamping: newValue)) } }
    }

    /// Nanoseconds Swift spent in calls from Lua (and in taking their writes) since the profile
    /// started; 0 while none is on.
    package var profiledHostNanoseconds: Int64 {
        limits.pointee.profile.map { Int64(hub_profile_host_ns($0)) } ?? 0
    }

    /// Bytes the state has allocated since it was made (growth only, frees not subtracted).
    package var bytesAllocated: UInt64 { UInt64(limits.pointee.allocated) }

    /// What the running profile sampled; nil while none is on.
    package var profileSamples: LuaProfileSamples? {
        guard let profile = limits.pointee.profile else { return nil }
        let frames = (0..<hub_profile_frame_count(profile)).map { frame in
            let line = Int(hub_profile_frame_line(profile, frame))
            let what = hub_profile_frame_what(profile, frame)
            return LuaProfileFrame(
                name: String(cString: hub_profile_frame_name(profile, frame)),
                source: String(cString: hub_profile_frame_source(profile, frame)),
                line: line < 0 ? nil : line,
                kind: what == HUB_FRAME_C ? .c : what == HUB_FRAME_MAIN ? .main : .lua)
        }
        var count = 0
        var samples: [LuaProfileSample] = []
        if let records = hub_profile_records(profile, &count) {
            var at = 0
            while at + 3 <= count {
                let depth = Int(records[at + 2])
                guard at + 3 + depth <= count else { break }
                let line = Int(records[at + 1])
                samples.append(LuaProfileSample(
                    tag: Int(records[at]), line: line < 0 ? nil : line,
                    stack: (0..<depth).map { Int(records[at + 3 + $0]) }))
                at += 3 + depth
            }
        }
        return LuaProfileSamples(
            every: Int(hub_profile_every(profile)), frames: frames, samples: samples,
            dropped: Int(hub_profile_dropped(profile)))
    }
}
