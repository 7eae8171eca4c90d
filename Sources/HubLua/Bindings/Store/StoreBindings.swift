import Foundation
import HubCore
import HubRender
internal import LuaBridge

/// `hub.store`: `get(key)`, `set(key, value)`, `delete(key)`, `list(prefix [, { after, limit }])`,
/// `update(key, fn)` and `namespace(name)`, in each feature folder's `hub` table.
///
/// Keys live in the namespace of the calling feature (the running operation's or action's; in
/// a test, the REPL or a handler, the first feature of the folder), or in one it shares
/// (`hub.store.namespace(name)`, allowed by `store = { shares = { name } }` in `hub.feature`).
/// Values are JSON-compatible Lua values, stored as JSON. A call whose backend answers at once
/// (a store in memory) returns at once; otherwise it suspends the running operation or action
/// until the backend answers (the loop goes on meanwhile), and outside a run it waits in place.
/// Failures raise error tables with domain `store` at the caller's line. What an operation's
/// run reads is recorded: a change of it reschedules the chain from that operation.
final class StoreBindings {
    private let lua: LuaState
    private let manager: HubManager
    private let runner: ScriptRunner
    private let errors: ErrorTables
    /// What whoever runs Hub grants: namespaces shared beyond what their owners grant.
    private let grants: GrantsBox
    /// Names the runtime's writes in the changes they cause, so that it knows its own.
    let origin: UInt64
    /// Called on the runtime's thread after one of its writes changed a key: the key, the
    /// operation whose run wrote it (nil: no operation), and whether the caller may let time
    /// pass at once (a test's or a REPL line's top level) to bring the screens up to date.
    var onChange: ((StoreKey, LuaContentOperation?, Bool) -> Void)?

    /// The Lua functions of `hub.store`, given `wait`, the Swift function `start(kind, namespace,
    /// ...)`, which returns true and the results, nil and an error table, or the number of a
    /// wait, how many times `update` tries, and the names of the table's members (``Member``):
    /// `update` runs its function between a read and a conditional write, `namespace` gives the
    /// same table for another namespace, and the others call `start` with their name.
    private static let functions = """
        local wait, start, attempts, names = ...
        local function waited(ok, ...)
          if not ok then error((...), 0) end
          return ...
        end
        local function answered(how, ...)
          if how == true then return ... end
          if how == nil then error((...), 0) end
          return waited(wait(how))
        end
        local function call(kind, namespace, ...)
          return answered(start(kind, namespace, ...))
        end
        local function update(namespace)
          return function(key, fn)
            call("check_update", namespace, key, fn)
            for attempt = 1, attempts do
              if attempt > 1 then call("back_off", namespace, attempt) end
              local old, version = call("read", namespace, key)
              local new = fn(old)
              if call("swap", namespace, key, new, version) then return new end
            end
            call("conflicts", namespace, key)
          end
        end
        local function api(namespace)
          local store = {}
          for _, name in ipairs(names) do
            if name == "update" then
              store[name] = update(namespace)
            elseif name == "namespace" then
              if namespace == nil then
                store[name] = function(other)
                  call(name, nil, other)
                  return api(other)
                end
              end
            else
              store[name] = function(...) return call(name, namespace, ...) end
            end
          end
          return store
        end
        return api(nil)
        """

    /// How many times `update` runs its function before it gives up on conflicting writers.
    static let updateAttempts = 100
    /// The longest a call outside a run waits in place for its backend, in milliseconds.
    static let longestWaitInPlace = 10_000

    init(lua: LuaState, manager: HubManager, runner: ScriptRunner, errors: ErrorTables, origin: UInt64, grants: GrantsBox) {
        self.grants = grants
        self.lua = lua
        self.manager = manager
        self.runner = runner
        self.errors = errors
        self.origin = origin
    }

    /// `hub.store` for the scripts of `folder`, with the functions `members`.
    func table(_ folder: FeatureFolder, _ members: [Member]) throws(LuaError) -> LuaReference {
        let stack = lua.stack
        try lua.load(Self.functions, chunkName: "=hub.store")
        stack.push(runner.waitFunction)
        LuaBridge.pushFunction(stack) { [weak self] call in
            guard let self else { throw LuaLibrary.ownerGone }
            return self.start(call, folder: folder)
        }
        stack.push(Self.updateAttempts)
        stack.push(strings: members.map(\.rawValue))
        try lua.call(arguments: 4, results: 1)
        return lua.reference(popping: stack)
    }

    // MARK: Calls

    /// The functions of `hub.store`, each named as its raw value.
    enum Member: String, CaseIterable {
        case get, set, delete, list, update, namespace
    }

    /// What a call of `start` asks, by its first argument: a member's name, or, for `update`,
    /// which is written in Lua over them, `check_update`, `read`, `swap`, `back_off` and
    /// `conflicts` (which no member names, so no script reaches them alone).
    enum Kind: String {
        case get, read, set, delete, swap, list, checkUpdate = "check_update", backOff = "back_off", conflicts
        case namespace

        /// The public function, for messages.
        var function: String {
            switch self {
            case .get, .read: "hub.store.get"
            case .set: "hub.store.set"
            case .delete: "hub.store.delete"
            case .list: "hub.store.list"
            case .swap, .checkUpdate, .backOff, .conflicts: "hub.store.update"
            case .namespace: "hub.store.namespace"
            }
        }
    }

    /// `start(kind, namespace, ...)`: checks the call and starts it; see ``functions``.
    private func start(_ call: LuaStack, folder: FeatureFolder) -> Int32 {
        guard let kind = call.string(at: 1).flatMap(Kind.init(rawValue:)) else { return 0 }
        if kind == .namespace {
            // Checked when used: which feature calls decides whether it may.
            guard call.type(at: 3) == .string, let name = try? Self.text(call, at: 3, kind: kind, what: "namespace"), !name.isEmpty else {
                return fail(call, StoreFailure(.notAllowed, "the namespace must be a non-empty string, got \(call.shownValue(at: 3))"), kind: kind, place: nil)
            }
            call.push(true)
            return 1
        }
        let place: StorePlace
        switch StorePlace.of(call, runner: runner, manager: manager, folder: folder, grants: grants.grants) {
        case .success(let found): place = found
        case .failure(let failure): return fail(call, failure, kind: kind, place: nil)
        }
        do {
            if kind == .backOff { return backOff(call, attempt: call.integer(at: 3) ?? 2, place: place) }
            let namespace = try place.namespace(call.isNil(2) ? nil : call.string(at: 2)).get()
            if kind == .list { return try list(call, namespace: namespace, place: place) }
            let key = StoreKey(namespace: namespace, name: try self.key(call, kind: kind))
            switch kind {
            case .get, .read:
                place.operationInstance?.storeReads.record(key)
                return perform(call, place: place, kind: kind) { self.manager.store.get(key, completion: $0.complete) } push: { stack, value in
                    guard let value else {
                        stack.pushNil()
                        return 1
                    }
                    try stack.push(json: JSONParser.parse(value.json))
                    if kind == .read { stack.push(Int(value.version)) }
                    return kind == .read ? 2 : 1
                }
            case .set, .delete, .swap:
                let json = kind == .delete ? nil : try self.json(call, at: 4, key: key, limits: place.limits)
                var condition = StoreWrite.Condition.always
                if kind == .swap { condition = .version(call.integer(at: 5).map(Int64.init)) }
                return write(call, StoreWrite(key: key, json: json, condition: condition, maxKeys: place.limits.maxKeys, origin: origin), kind: kind, place: place)
            case .checkUpdate:
                guard call.type(at: 4) == .function else {
                    throw call.argumentError(2, kind.function, "function expected, got \(call.typeName(at: 4))")
                }
                call.push(true)
                return 1
            case .conflicts:
                throw StoreFailure(.conflicts, "\(key): other writers changed it \(Self.updateAttempts) times while the function ran")
            case .list, .namespace, .backOff:
                return 0
            }
        } catch let failure as StoreFailure {
            return fail(call, failure, kind: kind, place: place)
        } catch {
            return fail(call, StoreFailure(.invalidKey, (error as? LuaRaise)?.message ?? "\(error)"), kind: kind, place: place)
        }
    }

    /// The key at argument 3: a string of UTF-8 text, kept byte for byte.
    private func key(_ call: LuaStack, kind: Kind) throws -> String {
        guard let name = try Self.text(call, at: 3, kind: kind, what: "key") else {
            throw StoreFailure(.invalidKey, "\(kind.function): the key must be a string, got \(call.typeName(at: 3))")
        }
        if let problem = StoreLimits.problem(withKey: name) { throw StoreFailure(.invalidKey, "\(kind.function): \(problem)") }
        return name
    }

    /// The string at `index` when it is UTF-8 text (nil when it is no string); a string that is
    /// not is refused (code 8, saying which byte), never repaired: keys are stored and listed
    /// as text, and two keys that differ in bytes must stay two keys.
    private static func text(_ call: LuaStack, at index: Int32, kind: Kind, what: String) throws -> String? {
        do {
            return try call.utf8String(at: index)
        } catch {
            throw StoreFailure(.invalidKey, "\(kind.function): a \(what) must be UTF-8 text (\(error))")
        }
    }

    /// The value at `index` as compact JSON within `limits`; nil for nil (a delete).
    private func json(_ call: LuaStack, at index: Int32, key: StoreKey, limits: StoreLimits) throws -> String? {
        if call.isNil(index) { return nil }
        let text: String
        do {
            text = try call.json(at: index).serialized(pretty: false)
        } catch {
            let problem = (error as? LuaRaise)?.message ?? (error as? LuaValueError)?.description ?? "\(error)"
            throw StoreFailure(.invalidValue, "\(key): the value cannot be stored as JSON: \(problem)")
        }
        let size = text.utf8.count
        // Never more than the memory limit, whatever the feature says: the value is read back.
        let most = lua.memoryLimit > 0 ? min(limits.maxValueBytes, lua.memoryLimit) : limits.maxValueBytes
        guard size <= most else {
            throw StoreFailure(.tooLarge, "\(key): the value takes \(size) bytes of JSON, more than max_value (\(most))")
        }
        return text
    }

    /// `list(prefix, options)`: a page of keys and, when more follow, the key to go on after.
    private func list(_ call: LuaStack, namespace: String, place: StorePlace) throws -> Int32 {
        let function = Kind.list.function
        let prefix = call.isNil(3) ? "" : try Self.text(call, at: 3, kind: .list, what: "prefix") ?? call.checkString(3, function)
        var after: String?
        var limit = HubDefaults.Store.listPage
        try call.options(4, function, known: ["after", "limit"]) {
            call.rawField(4, "after")
            defer { call.pop() }
            _ = try Self.text(call, at: -1, kind: .list, what: "key to go on after")
            after = try call.stringField(4, "after")
            if let asked = try call.integerField(4, "limit") {
                guard (1...StoreLimits.maxPage).contains(asked) else {
                    throw call.argumentError(2, function, "'limit' must be from 1 to \(StoreLimits.maxPage), got \(asked)")
                }
                limit = asked
            }
        }
        place.operationInstance?.storeReads.record(prefix: prefix, in: namespace)
        return perform(call, place: place, kind: .list) {
            self.manager.store.list(namespace: namespace, prefix: prefix, after: after, limit: limit + 1, completion: $0.complete)
        } push: { stack, names in
            stack.newTable(array: min(names.count, limit))
            for (position, name) in names.prefix(limit).enumerated() {
                stack.push(name)
                stack.setRawIndex(-2, position + 1)
            }
            if names.count > limit, let last = names.prefix(limit).last { stack.push(last) } else { stack.pushNil() }
            return 2
        }
    }

    /// Starts `write`; its results: whether it deleted something (`delete`), whether its
    /// condition held (`swap`), nothing (`set`).
    private func write(_ call: LuaStack, _ write: StoreWrite, kind: Kind, place: StorePlace) -> Int32 {
        let writer = place.operationInstance
        let canPassTime = runner.mayPassTime(on: call)
        return perform(call, place: place, kind: kind) { self.manager.store.write(write, completion: $0.complete) } push: {
            [weak self] stack, outcome in
            if outcome == .changed { self?.onChange?(write.key, writer, canPassTime) }
            switch kind {
            case .delete: stack.push(outcome == .changed)
            case .swap: stack.push(outcome != .conflict)
            default: return 0
            }
            return 1
        }
    }

    /// Waits a random while before `update` runs its function again after a conflict (up to
    /// 2, 4, ... 64 ms as conflicts go on): two writers of one key in lockstep would otherwise
    /// keep meeting, the one behind losing every time.
    private func backOff(_ call: LuaStack, attempt: Int, place: StorePlace) -> Int32 {
        let milliseconds = Int.random(in: 0...(1 << min(max(attempt - 1, 1), 6)))
        guard place.run != nil else {
            if milliseconds > 0 { usleep(useconds_t(milliseconds * 1_000)) }
            call.push(true)
            return 1
        }
        var timer: HubEventLoop.TimerID?
        let wait = runner.beginWait(kind: "store", subject: "hub.store") { [weak loop = runner.loop] in timer.map { loop?.cancel($0) } }
        timer = runner.loop.schedule(after: milliseconds) { [weak runner] in
            runner?.finish(wait) { stack in
                stack.push(true)
                return 1
            }
        }
        call.push(wait.number)
        return 1
    }

    // MARK: Outcomes

    /// Runs `start` and hands its outcome to the caller: at once when the backend answered at
    /// once, by suspending the caller's run until it answers, or else by waiting in place.
    private func perform<Value: Sendable>(
        _ call: LuaStack, place: StorePlace, kind: Kind, start: (PendingStoreCall<Value>) -> Void,
        push: @escaping (LuaStack, Value) throws -> Int32
    ) -> Int32 {
        let pending = PendingStoreCall<Value>()
        start(pending)
        if let outcome = pending.outcome { return self.push(call, outcome, failed: nil, kind: kind, place: place, push: push) }
        if place.run != nil {
            // A run that ends first (timed out, cancelled) stops waiting for the answer: the
            // backend finishes its work, and what it answers is dropped.
            var forget: (() -> Void)?
            let wait = runner.beginWait(kind: "store", subject: "hub.store") { forget?() }
            let callback = runner.loop.callback { [weak self] (outcome: Result<Value, StoreFailure>) in
                guard let self else { return }
                self.runner.finish(wait) { stack in self.push(stack, outcome, failed: false, kind: kind, place: place, push: push) }
            }
            forget = { [weak loop = runner.loop] in loop?.forget(callback) }
            pending.whenDone { callback.deliver($0) }
            call.push(wait.number)
            return 1
        }
        let outcome = pending.wait(milliseconds: Self.longestWaitInPlace)
            ?? .failure(StoreFailure(.unavailable, "\(manager.store.description) did not answer within \(Self.longestWaitInPlace / 1_000) s"))
        return self.push(call, outcome, failed: nil, kind: kind, place: place, push: push)
    }

    /// `[-0, +n]` Pushes true and what `push` pushes for a success, or `failed` (nil for an
    /// answer at once, false for a wait) and the error table of a failure.
    private func push<Value>(
        _ stack: LuaStack, _ outcome: Result<Value, StoreFailure>, failed: Bool?, kind: Kind, place: StorePlace,
        push: (LuaStack, Value) throws -> Int32
    ) -> Int32 {
        switch outcome {
        case .success(let value):
            stack.push(true)
            do {
                return 1 + (try push(stack, value))
            } catch {
                stack.pop()
                let failure = StoreFailure(.backend, "\(kind.function): a stored value is not JSON: \(error)")
                return self.fail(stack, failure, kind: kind, place: place, failed: failed)
            }
        case .failure(let failure):
            return fail(stack, failure, kind: kind, place: place, failed: failed)
        }
    }

    /// `[-0, +2]` Pushes `failed` (nil: at once) and the error table of `failure`, located at
    /// the script's line.
    private func fail(_ stack: LuaStack, _ failure: StoreFailure, kind: Kind, place: StorePlace?, failed: Bool? = nil) -> Int32 {
        if let failed { stack.push(failed) } else { stack.pushNil() }
        let message = failure.message.hasPrefix("hub.store") ? failure.message : "\(kind.function): \(failure.message)"
        errors.push(stack, ContentError(
            domain: StoreFailure.domain, code: failure.code, message: message, location: stack.scriptLocation(),
            feature: place?.feature, operation: place?.operation))
        return 2
    }
}
