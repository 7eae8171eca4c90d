import HubCore
internal import LuaBridge

/// What one profile measures of the runs (operations and actions) the ``ScriptRunner`` resumes
/// while it is on: per operation, its runs' wall time, time running and in Swift, waits by kind,
/// instructions and bytes allocated; and it tags the samples the budget's hook takes during a
/// resume with the operation running. Made by ``ScriptRunner/startProfile(every:)``.
final class RunProfiler {
    private let lua: LuaState
    private(set) var operations: [Profile.Operation] = []
    private var indices: [Key: Int] = [:]
    /// Each run under way: where it counts, when it started, and the wait it is suspended on.
    private var runs: [ObjectIdentifier: RunState] = [:]

    private struct Key: Hashable {
        var view: String
        var name: String
    }

    private struct RunState {
        var index: Int
        var started: UInt64
        var wait: (kind: String, since: UInt64)?
    }

    /// What a resume started with, for ``resumed(_:_:)``.
    struct Resume {
        fileprivate let index: Int
        fileprivate let started: UInt64
        fileprivate let host: Int64
        fileprivate let allocated: UInt64
        fileprivate let left: Int
        fileprivate let tag: Int
    }

    init(lua: LuaState) {
        self.lua = lua
    }

    /// `run` starts: it counts towards its operation (found, or added, by its profile name).
    func started(_ run: any SuspendableRun) {
        let key = Key(view: run.profileName.view, name: run.profileName.name)
        let index = indices[key] ?? {
            operations.append(Profile.Operation(name: key.name, view: key.view))
            indices[key] = operations.count - 1
            return operations.count - 1
        }()
        operations[index].runs += 1
        runs[ObjectIdentifier(run)] = RunState(index: index, started: MonotonicTime.now)
    }

    /// `run` suspends itself, waiting on `kind` (`sleep`, `await`, `http`, `store`).
    func suspended(_ run: any SuspendableRun, on kind: String) {
        runs[ObjectIdentifier(run)]?.wait = (kind, MonotonicTime.now)
    }

    /// `run` is about to run (be resumed, or have its await's `start` called): its wait, if
    /// any, ends, and the samples taken until ``resumed(_:_:)`` are its operation's. Nil for a
    /// run that started before the profile.
    func resuming(_ run: any SuspendableRun) -> Resume? {
        guard let state = runs[ObjectIdentifier(run)] else { return nil }
        let now = MonotonicTime.now
        if let wait = state.wait {
            operations[state.index].waits[wait.kind, default: 0] += Self.milliseconds(from: wait.since, to: now)
            runs[ObjectIdentifier(run)]?.wait = nil
        }
        let resume = Resume(
            index: state.index, started: now, host: lua.profiledHostNanoseconds, allocated: lua.bytesAllocated,
            left: run.budget.left, tag: lua.profileTag)
        lua.profileTag = state.index + 1
        return resume
    }

    /// `run` stopped running (returned, yielded or failed): what it used since ``resuming(_:)``
    /// counts towards its operation.
    func resumed(_ run: any SuspendableRun, _ resume: Resume?) {
        guard let resume else { return }
        lua.profileTag = resume.tag
        let now = MonotonicTime.now
        operations[resume.index].runningMilliseconds += Self.milliseconds(from: resume.started, to: now)
        operations[resume.index].hostMilliseconds += Double(lua.profiledHostNanoseconds - resume.host) / 1_000_000
        operations[resume.index].allocatedBytes += lua.bytesAllocated - resume.allocated
        operations[resume.index].instructions += resume.left - run.budget.left
    }

    /// `run` ended: its wall time counts.
    func ended(_ run: any SuspendableRun) {
        guard let state = runs.removeValue(forKey: ObjectIdentifier(run)) else { return }
        operations[state.index].milliseconds += Self.milliseconds(from: state.started, to: MonotonicTime.now)
    }

    /// The profile: the operations measured and what the hook sampled (`samples`).
    func profile(_ samples: LuaProfileSamples) -> Profile {
        Profile(
            every: samples.every, operations: operations,
            frames: samples.frames.map { frame in
                let name = frame.name.isEmpty ? (frame.kind == .main ? "(main chunk)" : "(anonymous)") : frame.name
                return Profile.Frame(name: name, file: frame.source, line: frame.line)
            },
            samples: samples.samples.map { sample in
                Profile.Sample(
                    operation: sample.tag > 0 && sample.tag <= operations.count ? sample.tag - 1 : nil,
                    line: sample.line, stack: sample.stack)
            },
            dropped: samples.dropped)
    }

    private static func milliseconds(from start: UInt64, to end: UInt64) -> Double {
        Double(end &- start) / 1_000_000
    }
}

extension ScriptRunner {
    /// Starts a profile: the budget's hook samples the running stacks every `every`
    /// instructions, and each run is measured. False when one is on already (profiles do not
    /// nest) or out of memory.
    package func startProfile(every: Int) -> Bool {
        guard profiler == nil, lua.startProfile(every: every) else { return false }
        profiler = RunProfiler(lua: lua)
        return true
    }

    /// Stops the profile and gives what it found; nil when none was on.
    package func stopProfile() -> Profile? {
        guard let profiler, let samples = lua.profileSamples else { return nil }
        self.profiler = nil
        lua.stopProfile()
        return profiler.profile(samples)
    }
}
