import HubCore
import HubData
internal import LuaBridge

/// A script function run as a coroutine that may suspend itself with `hub.sleep(ms)` or
/// `hub.await(start)`: one run of an operation's `perform`/`append`, or of an action. Its
/// budget covers all of its resumes and the `start` functions of its awaits.
protocol SuspendableRun: AnyObject {
    /// The run's coroutine, until it ends (or the run is cancelled).
    var coroutine: LuaCoroutine? { get set }
    /// What the run may still run.
    var budget: LuaBudget { get set }
    /// What the run is, for messages: `operation` or `action`.
    var kind: String { get }
    /// The run's HTTP requests, once it makes one.
    var requests: HTTPRequestQueue? { get set }
    /// The feature the run belongs to (whose store namespace it uses), if it is known.
    var featureIdentifier: String? { get }
    /// Instructions its budget counted while it ran (its resumes and its awaits' `start`
    /// functions; not what its suspensions cost), when it has a budget.
    var instructions: Int { get set }
    /// What a profile counts it towards: the view it runs for (`""` when none) and its name.
    var profileName: (view: String, name: String) { get }
    /// The run its builders belong to (``BuilderRun``), 0 when it has none.
    var builderRun: UInt64 { get }
    /// The run's function returned; its `count` results are on top of `stack` (popped after).
    func didReturn(_ stack: LuaStack, count: Int32)
    /// The run failed with `error`.
    func didFail(_ error: LuaError)
}

/// Runs scripts as coroutines that suspend: resumes them, handles `hub.sleep` (a timer on the
/// loop) and `hub.await` (the `done` callback), and owns those two functions and `hub.after`.
/// Only the coroutines it runs may suspend; elsewhere `hub.sleep` lets time pass, and
/// `hub.await` waits in place, where the host allows it (a test, a REPL line) and each is an
/// error otherwise.
package final class ScriptRunner {
    /// The state the runs' coroutines belong to.
    let lua: LuaState
    let loop: HubEventLoop
    let problems: ProblemLog
    /// What `hub.sleep` and `hub.await` yield first, so a resume can tell them apart.
    private let sleepToken: LuaReference
    private let awaitToken: LuaReference
    private let waitToken: LuaReference
    /// The Lua functions `hub.sleep` and `hub.await` (they yield, so they are written in Lua;
    /// their arguments are checked in Swift).
    let sleepFunction: LuaReference
    let awaitFunction: LuaReference
    /// `wait(number)`: suspends the calling run until the host ends the wait `number`
    /// (``beginWait(kind:subject:cancel:)``), and returns what it ended with; outside a run, where time
    /// may pass, runs the loop until then. For the libraries whose functions wait (`hub.http`),
    /// which ask ``waitRefusal(on:)`` before they start any work.
    let waitFunction: LuaReference
    /// The runs whose coroutine has not ended.
    private let active = ActiveRuns()
    /// What measures the runs while a profile is on (``startProfile(every:)``).
    var profiler: RunProfiler?
    /// Whether a script outside a run may let time pass (a test case, a REPL line).
    private let canPassTime: () -> Bool
    /// The `hub.after` callbacks of each folder, by its path.
    private var folderTimers: [String: FolderTimers] = [:]
    /// The waits the host has not ended yet, by number.
    private var waits: [Int: HostWait] = [:]
    private var waitSequence = 0

    /// Instructions each suspension (`hub.sleep`, `hub.await`) costs a run, so that a run that
    /// only sleeps (`while true do hub.sleep(0) end`) still runs out.
    static let suspensionCost = 10_000
    /// The longest wait `hub.sleep` and `hub.after` accept, in milliseconds (a day).
    static let longestWait = 86_400_000

    /// `hub.sleep(ms)` and `hub.await(start)`, given the tokens they yield, `advance(ms)` (lets
    /// time pass when sleeping outside a run, in a test, or returns nil and why not),
    /// `in_run()` (whether the calling coroutine is one of the runs), `check_sleep(ms)` and
    /// `check_await(start)`, which check the argument in Swift and return it, or nil and the
    /// argument error for the Lua function to raise at its caller's line, and for an await
    /// outside a run (at the top of a test case or a REPL line), `begin_await()` (the number of
    /// a wait, or nil and why there can be none) and `end_await(number)`, which ends it.
    private static let suspendingFunctions = """
        local sleep_token, await_token, wait_token, advance, in_run, check_sleep, check_await, wait_outside,
          begin_await, end_await = ...
        local pack, unpack = table.pack, table.unpack
        local function sleep(ms)
          local wait, problem = check_sleep(ms)
          if not wait then error(problem, 2) end
          if in_run() then return coroutine.yield(sleep_token, wait) end
          if coroutine.isyieldable() then
            error("hub.sleep can only suspend an operation or an action, not a coroutine the script made", 2)
          end
          local passed, refusal = advance(wait)
          if not passed then error(refusal, 2) end
        end
        local function await(start)
          local ok, problem = check_await(start)
          if not ok then error(problem, 2) end
          if in_run() then return coroutine.yield(await_token, start) end
          if coroutine.isyieldable() then
            error("hub.await can only suspend an operation or an action, not a coroutine the script made", 2)
          end
          local number, refusal = begin_await()
          if not number then error(refusal, 2) end
          local results
          start(function(...)
            if results then return end
            results = pack(...)
            end_await(number)
          end)
          local waited, why = wait_outside(number)
          if not waited then error(why, 2) end
          return unpack(results, 1, results.n)
        end
        local function wait(number)
          if in_run() then return coroutine.yield(wait_token, number) end
          return wait_outside(number)
        end
        return sleep, await, wait
        """

    /// A runner whose runs wait on `loop`. Outside a run, `hub.sleep` passes time on `loop`
    /// only when `canPassTime` says so, and stops once the calling script must stop (its budget
    /// ran out in a timer's callback).
    init(lua: LuaState, loop: HubEventLoop, problems: ProblemLog, canPassTime: @escaping () -> Bool) throws(LuaError) {
        self.lua = lua
        self.canPassTime = canPassTime
        self.loop = loop
        self.problems = problems
        let stack = lua.stack
        sleepToken = lua.makeMarker()
        awaitToken = lua.makeMarker()
        waitToken = lua.makeMarker()
        try lua.load(Self.suspendingFunctions, chunkName: "=hub.sleep")
        stack.push(sleepToken)
        stack.push(awaitToken)
        stack.push(waitToken)
        LuaBridge.pushFunction(stack) { [loop, weak lua] call in
            guard canPassTime() else {
                call.pushNil()
                call.push("hub.sleep outside an operation or an action only passes time in a test (hub.test)")
                return 2
            }
            loop.advance(by: call.integer(at: 1) ?? 0) { lua?.isStopping == false }
            call.push(true)
            return 1
        }
        LuaBridge.pushFunction(stack) { [active] call in
            call.push(active.contains(thread: call))
            return 1
        }
        LuaBridge.pushFunction(stack) { call in
            Self.returningError(call) { call.push(try call.checkMilliseconds(1, "hub.sleep", upTo: Self.longestWait)) }
        }
        LuaBridge.pushFunction(stack) { call in
            Self.returningError(call) {
                try call.checkFunction(1, "hub.await")
                call.push(true)
            }
        }
        let waits = WaitsOutsideRuns()
        LuaBridge.pushFunction(stack) { call in
            guard let runner = waits.runner else { throw LuaLibrary.ownerGone }
            return runner.waitOutsideRuns(call)
        }
        LuaBridge.pushFunction(stack) { call in
            guard let runner = waits.runner else { throw LuaLibrary.ownerGone }
            return runner.beginAwaitOutsideRuns(call)
        }
        LuaBridge.pushFunction(stack) { call in
            guard let runner = waits.runner else { throw LuaLibrary.ownerGone }
            if let number = call.integer(at: 1), let wait = runner.waits[number] {
                runner.finish(wait) { stack in
                    stack.push(true)
                    return 1
                }
            }
            return 0
        }
        try lua.call(arguments: 10, results: 3)
        waitFunction = lua.reference(popping: stack)
        awaitFunction = lua.reference(popping: stack)
        sleepFunction = lua.reference(popping: stack)
        waits.runner = self
    }

    /// `[-0, +1|2]` Runs `check`, which pushes one value; when it throws an argument error,
    /// pushes nil and the error's message instead, for a function written in Lua to raise at
    /// its own caller's line (`error(message, 2)`), where a Swift function cannot.
    private static func returningError(_ call: LuaStack, _ check: () throws -> Void) -> Int32 {
        do {
            try check()
            return 1
        } catch {
            call.pushNil()
            call.push((error as? LuaRaise)?.message ?? String(describing: error))
            return 2
        }
    }

    // MARK: Runs

    /// Gives `run` a new coroutine, on whose stack `push` puts the function and its arguments
    /// (returning how many arguments), and starts it.
    func start(_ run: any SuspendableRun, push: (LuaStack) -> Int32) {
        let coroutine = LuaCoroutine(in: lua)
        run.coroutine = coroutine
        active.add(run)
        profiler?.started(run)
        resume(run, arguments: push(coroutine.stack))
    }

    /// Stops `run`: it is never resumed again. Returns where it was waiting.
    func cancel(_ run: any SuspendableRun) -> String? {
        let location = run.coroutine?.stack.scriptLocation()
        end(run)
        return location
    }

    /// Resumes a run's coroutine and handles how it stopped: returned, asleep, awaiting, or
    /// failed. A cancelled run (its coroutine gone) is not resumed.
    private func resume(_ run: any SuspendableRun, arguments: Int32) {
        guard let coroutine = run.coroutine else { return }
        let enclosing = lua.stack.executingRun
        lua.stack.executingRun = run.builderRun
        let outcome = measuring(run) { coroutine.resume(arguments: arguments, budget: &run.budget, outermost: isHosted) }
        lua.stack.executingRun = enclosing
        switch outcome {
        case .returned(let count):
            end(run)
            run.didReturn(coroutine.stack, count: count)
            coroutine.stack.pop(count)
        case .yielded(let count):
            suspend(run, coroutine: coroutine, yielded: count)
        case .failed(let error):
            end(run)
            run.didFail(error)
        }
    }

    /// Handles the `count` values a run's coroutine yielded: a sleep resumes it later on the
    /// loop, an await calls its `start(done)`, a wait waits for the host; any other yield (the
    /// script's own `coroutine.yield`, from inside a `pcall` too) is the host's to resume, as
    /// Lua's `coroutine.resume` would: at the loop's next turn, passing nothing back. A run out
    /// of budget fails.
    private func suspend(_ run: any SuspendableRun, coroutine: LuaCoroutine, yielded count: Int32) {
        let stack = coroutine.stack
        let first = stack.top - count + 1
        let isSleep = count >= 2 && coroutine.holds(sleepToken, at: first)
        let isAwait = count >= 2 && coroutine.holds(awaitToken, at: first)
        let isWait = count >= 2 && coroutine.holds(waitToken, at: first)
        run.budget.left -= Self.suspensionCost
        if run.budget.left <= 0 {
            let location = stack.scriptLocation()
            stack.pop(count)
            end(run)
            return run.didFail(LuaError(message: "instruction budget exceeded (\(run.budget.total) instructions)", location: location))
        }
        if isWait {
            let wait = stack.integer(at: first + 1).flatMap { waits[$0] }
            stack.pop(count)
            guard let wait else {
                end(run)
                return run.didFail(LuaError(message: "\(run.kind) waited for nothing", location: stack.scriptLocation()))
            }
            profiler?.suspended(run, on: wait.kind)
            wait.run = run
            active.waits(run, on: wait.number)
            if wait.result != nil { loop.schedule(after: 0) { [weak self] in self?.resumeWaiting(wait) } }
        } else if isSleep || !isAwait {
            let milliseconds = isSleep ? stack.integer(at: first + 1) ?? 0 : 0
            stack.pop(count)
            profiler?.suspended(run, on: isSleep ? "sleep" : "yield")
            let wake = loop.schedule(after: milliseconds) { [weak self] in
                self?.resume(run, arguments: 0)
            }
            active.sleeps(run, until: wake)
        } else {
            stack.pushValue(first + 1)
            stack.move(1, to: lua.stack)
            stack.pop(count)
            profiler?.suspended(run, on: "await")
            startAwait(run)
        }
    }

    /// Forgets a run whose coroutine has ended (or that was cancelled), and the timer that
    /// would have woken it.
    private func end(_ run: any SuspendableRun) {
        profiler?.ended(run)
        run.coroutine = nil
        let (wake, wait) = active.remove(run)
        if let wake { loop.cancel(wake) }
        if let wait, let hostWait = waits.removeValue(forKey: wait) { hostWait.cancel?() }
    }

    /// Calls the `start(done)` function on top of the main stack (popped), under the run's
    /// budget; the first call of `done(...)` resumes the suspended run with its arguments, on
    /// the next loop turn.
    private func startAwait(_ run: any SuspendableRun) {
        var resumed = false
        LuaBridge.pushFunction(lua.stack) { [weak self] call in
            guard let self, !resumed, let coroutine = run.coroutine else { return 0 }
            let count = call.top
            guard coroutine.stack.ensureRoom(count + 1) else {
                throw LuaRaise(message: "hub.await: too many values passed to done")
            }
            resumed = true
            call.move(count, to: coroutine.stack)
            self.loop.schedule(after: 0) { [weak self] in
                self?.resume(run, arguments: count)
            }
            return 0
        }
        do {
            try measuring(run) { () throws(LuaError) in
                try lua.call(arguments: 1, results: 0, budget: &run.budget, outermost: isHosted)
            }
        } catch {
            end(run)
            run.didFail(error)
        }
    }

    /// Whether a run resumed now is driven by a script that plays the host, at its top level (a
    /// test case, a REPL line, or the loop they let time pass on): it then runs on its own budget,
    /// as the host runs it under `hub render` and `hub serve`, so a runaway run costs the script
    /// nothing and the next run starts afresh. A run nested in another script's run (an
    /// operation opening a screen) still takes its budget from that script's.
    private var isHosted: Bool { canPassTime() }

    /// Runs `body`, which runs `run` (a resume, its await's `start`), counting the instructions
    /// its budget counts meanwhile as the run's, and measuring it for a profile that is on.
    private func measuring<Result, Failure: Error>(
        _ run: any SuspendableRun, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let left = run.budget.left
        let resume = profiler?.resuming(run)
        defer {
            if run.budget.total > 0 { run.instructions += left - run.budget.left }
            profiler?.resumed(run, resume)
        }
        return try body()
    }

    // MARK: Waits the host ends

    /// Starts a wait that `finish(_:pushing:)` ends; `cancel` stops the host's work when the
    /// waiting run ends first (cancelled, timed out). Pass its number to `wait(number)`; a
    /// profile counts the time waited as waiting on `kind` (`http`, `store`), and a timeout's
    /// error says the run was waiting for `subject` (`GET https://…`).
    func beginWait(kind: String, subject: String, cancel: (() -> Void)? = nil) -> HostWait {
        waitSequence += 1
        let wait = HostWait(number: waitSequence, kind: kind, subject: subject)
        wait.cancel = cancel
        waits[wait.number] = wait
        return wait
    }

    /// What `run` is suspended waiting for from the host, if anything.
    func waitingFor(_ run: any SuspendableRun) -> String? {
        waits.values.first { $0.run === run && $0.result == nil }?.subject
    }

    /// Ends `wait`: `push` pushes what `wait(number)` returns (returning how many values), onto
    /// the waiting run's stack, which resumes at once; a wait nobody waits for yet keeps it.
    func finish(_ wait: HostWait, pushing push: @escaping (LuaStack) -> Int32) {
        guard waits[wait.number] === wait, wait.result == nil else { return }
        wait.result = push
        wait.cancel = nil
        if wait.run != nil { resumeWaiting(wait) }
    }

    /// Resumes the run waiting for the ended `wait` with its results.
    private func resumeWaiting(_ wait: HostWait) {
        guard let run = wait.run, let push = wait.result, let coroutine = run.coroutine else { return }
        waits[wait.number] = nil
        active.waits(run, on: nil)
        guard coroutine.stack.ensureRoom(8) else {
            end(run)
            return run.didFail(LuaError(message: "stack overflow while resuming \(run.kind)"))
        }
        resume(run, arguments: push(coroutine.stack))
    }

    /// Whether a script on `thread` may let time pass where it is: at the top of a test case or
    /// a REPL line.
    func mayPassTime(on thread: LuaStack) -> Bool {
        thread == lua.stack && run(of: thread) == nil && canPassTime()
    }

    /// Why a script on `thread` cannot wait for the host (and so must not start work to wait
    /// for); nil when it can: in a run, or at the top of a test case or a REPL line.
    func waitRefusal(on thread: LuaStack) -> String? {
        if run(of: thread) != nil { return nil }
        if thread != lua.stack { return "it can only wait inside an operation or an action, not a coroutine the script made" }
        return canPassTime() ? nil : "it can only wait inside an operation, an action, a test (hub.test) or the REPL"
    }

    /// `wait(number)` outside a run (where ``waitRefusal(on:)`` allowed it): runs the loop until
    /// the wait ends, and returns what it ended with, or false and why it did not end.
    private func waitOutsideRuns(_ call: LuaStack) -> Int32 {
        guard let number = call.integer(at: 1), let wait = waits[number] else {
            return Self.refusal(call, "there is nothing to wait for")
        }
        loop.run(until: { wait.result != nil || lua.isStopping })
        waits[number] = nil
        guard let push = wait.result, call.ensureRoom(8) else {
            wait.cancel?()
            return Self.refusal(call, lua.isStopping ? "stopped while waiting" : "nothing more can happen while it waits")
        }
        return push(call)
    }

    /// `begin_await()`: at the top of a test case or a REPL line, starts the wait an await
    /// outside a run waits for (``waitOutsideRuns(_:)`` runs the loop until its `done` ends
    /// it) and pushes its number; elsewhere pushes nil and why it cannot wait.
    private func beginAwaitOutsideRuns(_ call: LuaStack) -> Int32 {
        guard mayPassTime(on: call) else {
            call.pushNil()
            call.push("hub.await can only be used inside an operation, an action, a test (hub.test) or the REPL")
            return 2
        }
        call.push(beginWait(kind: "await", subject: "hub.await").number)
        return 1
    }

    /// `[-0, +2]` Pushes false and `message`.
    private static func refusal(_ call: LuaStack, _ message: String) -> Int32 {
        call.push(false)
        call.push(message)
        return 2
    }

    /// The run whose coroutine `thread` is; nil outside runs.
    func run(of thread: LuaStack) -> (any SuspendableRun)? {
        active.run(of: thread)
    }

    // MARK: hub.after

    /// `hub.after(ms, fn)`: calls `fn` on the event loop after `ms` milliseconds, as one of
    /// `folder`'s callbacks (``FolderTimers``). Past their limits the call fails, and the
    /// folder's callbacks still waiting are cancelled: a chain of callbacks ends there.
    func after(_ call: LuaStack, folder: FeatureFolder) throws -> Int32 {
        let milliseconds = try call.checkMilliseconds(1, "hub.after", upTo: Self.longestWait)
        try call.checkFunction(2, "hub.after")
        let timers = timers(of: folder)
        if let refusal = timers.refusal(now: loop.now) {
            cancelCallbacks(of: timers)
            throw LuaRaise(message: "hub.after: \(refusal); its waiting callbacks are cancelled")
        }
        try call.chargeMemory(LuaStack.registrationSize)
        let location = call.location(level: 1)
        call.pushValue(2)
        let callback = lua.reference(popping: call)
        let number = timers.nextNumber()
        timers.waits(number, on: loop.schedule(after: milliseconds) { [weak self] in
            guard let self, timers.fired(number) else { return }
            self.runCallback(callback, of: timers, from: location)
        })
        return 0
    }

    /// The callbacks of `folder`, made on its first `hub.after`.
    private func timers(of folder: FeatureFolder) -> FolderTimers {
        if let timers = folderTimers[folder.path] { return timers }
        let timers = FolderTimers()
        folderTimers[folder.path] = timers
        return timers
    }

    /// Cancels every callback of `timers` still waiting.
    private func cancelCallbacks(of timers: FolderTimers) {
        for timer in timers.removeAll() { loop.cancel(timer) }
    }

    /// Calls a `hub.after` callback scheduled at `location`, within what its folder's callbacks
    /// have left of their budget; reports its failure.
    private func runCallback(_ callback: LuaReference, of timers: FolderTimers, from location: String) {
        let perCall = lua.instructionBudget
        let left = perCall > 0 ? timers.instructionsLeft(now: loop.now, budget: perCall) : 0
        var budget = LuaBudget(total: perCall > 0 ? max(1, min(perCall, left)) : 0)
        lua.stack.push(callback)
        do {
            try lua.call(arguments: 0, results: 0, budget: &budget)
        } catch {
            let shared = perCall > 0 && left < perCall && error.message.hasPrefix("instruction budget exceeded")
                ? " (the folder's callbacks had \(max(0, left)) instructions left of the \(perCall) they may run each "
                    + "\(HubDefaults.Limits.callbackBudgetWindow / 1_000) s; its waiting callbacks are cancelled)" : ""
            if !shared.isEmpty { cancelCallbacks(of: timers) }
            let scheduled = LuaError.splitLocation(location).0 ?? location
            let folder = problems.folder(containing: error.location ?? scheduled)
            problems.report(.callback(message: error.message + shared, scheduled: scheduled, location: error.location, folder: folder))
        }
        if perCall > 0 { timers.charge(budget.total - budget.left) }
    }
}

/// The runs whose coroutine has not ended.
private final class ActiveRuns {
    private var runs: [ObjectIdentifier: any SuspendableRun] = [:]
    /// The timer of each run's last `hub.sleep` (until it sleeps again or ends: cancelling one
    /// that fired does nothing).
    private var wakes: [ObjectIdentifier: HubEventLoop.TimerID] = [:]
    /// The host's wait each waiting run waits for.
    private var hostWaits: [ObjectIdentifier: Int] = [:]

    func add(_ run: any SuspendableRun) {
        runs[ObjectIdentifier(run)] = run
    }

    /// Records that `run` sleeps until the timer `wake` fires.
    func sleeps(_ run: any SuspendableRun, until wake: HubEventLoop.TimerID) {
        wakes[ObjectIdentifier(run)] = wake
    }

    /// Records that `run` waits for the host's wait `number` (nil: no longer).
    func waits(_ run: any SuspendableRun, on number: Int?) {
        hostWaits[ObjectIdentifier(run)] = number
    }

    /// Forgets `run`; the timer that would have woken it, if it sleeps, and the host's wait it
    /// waits for, if it waits.
    func remove(_ run: any SuspendableRun) -> (wake: HubEventLoop.TimerID?, wait: Int?) {
        runs.removeValue(forKey: ObjectIdentifier(run))
        return (wakes.removeValue(forKey: ObjectIdentifier(run)), hostWaits.removeValue(forKey: ObjectIdentifier(run)))
    }

    /// Whether `thread` is the coroutine of one of the runs.
    func contains(thread: LuaStack) -> Bool {
        run(of: thread) != nil
    }

    /// The run whose coroutine `thread` is.
    func run(of thread: LuaStack) -> (any SuspendableRun)? {
        runs.values.first { $0.coroutine?.stack == thread }
    }
}

/// A wait the host ends (``ScriptRunner/beginWait(kind:subject:cancel:)``), and the run waiting for it.
final class HostWait {
    let number: Int
    /// What it waits on, for a profile: `http`, `store`.
    let kind: String
    /// What it waits for, for an error: `GET https://…`, `hub.store`.
    let subject: String
    /// Stops the host's work; nil once the wait has ended.
    var cancel: (() -> Void)?
    /// Pushes what the wait ended with; nil while it goes on.
    fileprivate(set) var result: ((LuaStack) -> Int32)?
    /// The run suspended on it, once it has yielded.
    fileprivate weak var run: (any SuspendableRun)?

    fileprivate init(number: Int, kind: String, subject: String) {
        self.number = number
        self.kind = kind
        self.subject = subject
    }
}

/// The runner `wait(number)` outside runs asks, once it exists (the Lua function is made first).
private final class WaitsOutsideRuns {
    weak var runner: ScriptRunner?
}
