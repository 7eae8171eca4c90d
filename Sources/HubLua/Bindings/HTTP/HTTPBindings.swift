import HubCore
import HubData
import HubRender
internal import LuaBridge

/// `hub.http`: `request { method, url, headers, body, timeout, cache }`, `get(url [, options])`,
/// `post(url, body [, options])` and `all { requests }`, in each feature folder's `hub` table.
///
/// A call suspends the running operation or action until the response comes (the loop, other
/// screens and their timers go on meanwhile), and returns a response table (`status`, `headers`
/// with lower-case names, `body`, `from_cache`, `stale`; `response:json()`), or raises an error
/// table with domain `network` (`connectivity` when the screen is offline) at the caller's line.
/// A request reaches only the hosts the calling code's own folder grants (``CallerRights``): in
/// an operation of one of its features, that feature's `hosts`; elsewhere (actions, tests,
/// timers, operations run in another folder's chain) those of any of the folder's features;
/// within their `max_response` bytes and the time the operation has left. Its method and
/// header fields follow ``HTTPRequestRules`` (an argument error otherwise, before anything is
/// sent), and the cache answers it only with what code of the same rights stored: the same
/// feature's operations, or the same folder's other code, as its `cache` option
/// (``HTTPCacheMode``) says.
final class HTTPBindings {
    private let lua: LuaState
    private let manager: HubManager
    private let runner: ScriptRunner
    private let errors: ErrorTables
    /// Where a failed background revalidation is told.
    private let problems: ProblemLog
    /// The metatable of response tables: `__index` has `json`.
    private let responseMetatable: LuaReference

    /// The Lua functions of `hub.http`, given `wait`, the table to fill and the names and Swift
    /// functions `start` of its members: each calls its `start`, which checks the arguments and
    /// starts the requests (returning a wait, or nil and the argument error), then waits; both
    /// kinds of error are raised at the caller's line.
    private static let functions = """
        local wait, http, names, starts = ...
        local function wrap(start)
          return function(...)
            local number, problem = start(...)
            if not number then error(problem, 2) end
            local ok, result = wait(number)
            if not ok then error(result, 2) end
            return result
          end
        end
        for position, name in ipairs(names) do http[name] = wrap(starts[position]) end
        return http
        """

    /// The most requests one `hub.http.all` takes: what waits its turn is held outside the
    /// scripts' memory limit.
    static let mostRequestsAtOnce = 1_000

    /// Option keys of `hub.http.request`, and of the options of `get` and `post`.
    private static let requestKeys = ["method", "url", "headers", "body", "timeout", "cache"]
    private static let optionKeys = ["headers", "timeout", "cache"]

    init(lua: LuaState, manager: HubManager, runner: ScriptRunner, errors: ErrorTables, problems: ProblemLog) {
        self.lua = lua
        self.manager = manager
        self.runner = runner
        self.errors = errors
        self.problems = problems
        let stack = lua.stack
        stack.newTable(record: 3)
        stack.newTable(record: 1)
        stack.register(LuaLibrary([("json", .function({ try HTTPBindings.decodeJSON($0) }, cost: LuaBridge.defaultCallCost))]), into: -1)
        stack.setRawField(-2, "__index")
        stack.push("hub.Response")
        stack.setRawField(-2, "__name")
        stack.push(false)
        stack.setRawField(-2, "__metatable")
        responseMetatable = lua.reference(popping: stack)
    }

    /// `hub.http` for the scripts of `folder`, with the functions `members`.
    func table(_ folder: FeatureFolder, _ members: [Member]) throws(LuaError) -> LuaReference {
        let stack = lua.stack
        try lua.load(Self.functions, chunkName: "=hub.http")
        stack.push(runner.waitFunction)
        stack.newTable(record: members.count)
        stack.push(strings: members.map(\.rawValue))
        stack.newTable(array: members.count)
        for (position, kind) in members.enumerated() {
            LuaBridge.pushFunction(stack) { [weak self] call in
                guard let self else { throw LuaLibrary.ownerGone }
                return self.start(call, kind: kind, folder: folder)
            }
            stack.setRawIndex(-2, position + 1)
        }
        try lua.call(arguments: 4, results: 1)
        return lua.reference(popping: stack)
    }

    // MARK: Starting requests

    /// The four functions, by the arguments they take.
    enum Member: String, CaseIterable {
        case request, get, post, all
        var function: String { "hub.http.\(rawValue)" }
    }

    /// Starts the requests a call of `kind` asks for: pushes the number of the wait that ends
    /// with their outcome, or nil and what is wrong with the arguments.
    private func start(_ call: LuaStack, kind: Member, folder: FeatureFolder) -> Int32 {
        let requests: [Requested]
        do {
            requests = try self.requests(call, kind: kind)
        } catch {
            call.pushNil()
            call.push((error as? LuaRaise)?.message ?? "\(error)")
            return 2
        }
        // Nothing is sent that the caller could not wait for (and so outside its run's limits).
        if let refusal = runner.waitRefusal(on: call) {
            call.pushNil()
            call.push(refusal)
            return 2
        }
        let place = Place(
            call: call, runner: runner, manager: manager, folder: folder,
            memoryLimit: lua.memoryLimit)
        guard let fetcher = manager.httpFetcher else {
            call.pushNil()
            call.push("\(kind.function): this runtime has no HTTP transport (HubManager.httpTransport)")
            return 2
        }
        let queue = place.queue(fetcher: fetcher)
        let watch = revalidationWatch(of: place)
        var outcomes = [Result<HubHTTPResponse, HTTPFailure>?](repeating: nil, count: requests.count)
        var remaining = requests.count
        var held = 0
        var cancellations: [HTTPCancellation] = []
        let lines = requests.map(\.request.line)
        let subject = lines.count == 1 ? lines[0] : "\(lines[0]) and \(lines.count - 1) more requests"
        let wait = runner.beginWait(kind: "http", subject: subject) { cancellations.forEach { $0.cancel() } }
        for (index, (request, timeout, cacheMode)) in requests.enumerated() {
            // The operation's own timeout is not a request's: it ends the run, which cancels this
            // wait and its requests, with the operation's error.
            cancellations.append(queue.fetch(
                request, policy: place.policy, partition: place.partition, offline: place.isOffline, timeout: timeout,
                cacheMode: cacheMode, watch: watch
            ) {
                [weak self] outcome in
                guard let self else { return }
                outcomes[index] = outcome
                remaining -= 1
                // The bodies wait here until the last one comes: together they count against the
                // memory limit, and past it the others are not waited for.
                if case .success(let response) = outcome { held += response.body.count }
                if let refusal = self.refusal(holding: held, for: request) {
                    outcomes[index] = .failure(refusal)
                    remaining = 0
                    cancellations.forEach { $0.cancel() }
                }
                guard remaining == 0 else { return }
                let settled = outcomes.compactMap { $0 }
                self.runner.finish(wait) { stack in self.push(settled, many: kind == .all, place: place, stack: stack) }
            })
        }
        call.push(wait.number)
        return 1
    }

    /// Why responses of `held` bytes in all cannot be held for the script (the last of them for
    /// `request`): they would take the runtime past its memory limit. Nil when they can.
    private func refusal(holding held: Int, for request: HubHTTPRequest) -> HTTPFailure? {
        let limit = lua.memoryLimit
        guard limit > 0, held > limit - lua.memoryUsed else { return nil }
        return HTTPFailure(
            .tooLarge, "\(request.line): the responses held at once would pass the memory limit (\(limit >> 20) MiB)")
    }

    /// A request a call describes, with its own timeout (nil: none) and cache mode.
    private typealias Requested = (request: HubHTTPRequest, timeout: Int?, cacheMode: HTTPCacheMode)

    /// The requests, their own timeouts and cache modes a call of `kind` describes.
    private func requests(_ call: LuaStack, kind: Member) throws -> [Requested] {
        switch kind {
        case .request:
            try call.checkTable(1, kind.function)
            return [try call.argument(1, kind.function) { try request(call, table: 1, kind: kind) }]
        case .get:
            let url = try call.checkString(1, kind.function)
            return [try options(call, 2, kind: kind, HubHTTPRequest(method: "GET", url: url))]
        case .post:
            let url = try call.checkString(1, kind.function)
            var request = HubHTTPRequest(method: "POST", url: url)
            try setBody(call, index: 2, of: &request, function: kind.function)
            return [try options(call, 3, kind: kind, request)]
        case .all:
            try call.checkTable(1, kind.function)
            let count = call.rawLength(1)
            guard count > 0 else { throw call.argumentError(1, kind.function, "a non-empty list of requests expected") }
            guard count <= Self.mostRequestsAtOnce else {
                throw call.argumentError(1, kind.function, "at most \(Self.mostRequestsAtOnce) requests at once, got \(count)")
            }
            return try (1...count).map { position in
                call.rawIndex(1, position)
                defer { call.pop() }
                if let url = call.string(at: -1) { return (HubHTTPRequest(method: "GET", url: url), nil, .default) }
                return try call.argument(1, kind.function) {
                    try LuaValueError.inField("[\(position)]") { try request(call, table: call.top, kind: kind) }
                }
            }
        }
    }

    /// The request the table at `table` describes (`method`, `url`, `headers`, `body`, `timeout`, `cache`).
    private func request(_ call: LuaStack, table: Int32, kind: Member) throws -> Requested {
        guard call.type(at: table) == .table else { throw call.valueError(table, expected: "a URL or a request table") }
        if let problem = TableKeys.firstUnknownKey(call, table: table, known: Self.requestKeys) {
            throw LuaValueError(problem: problem)
        }
        guard let url = try call.stringField(table, "url") else { throw LuaValueError(field: "url", problem: "string expected, got nil") }
        let method = try call.stringField(table, "method") ?? "GET"
        if let problem = HTTPRequestRules.problem(method: method) { throw LuaValueError(problem: problem) }
        var request = HubHTTPRequest(method: method, url: url)
        request.headers = try call.field(table, "headers") { try headers(call, at: $0) }
        try call.field(table, "body") { index in
            if !call.isNil(index) { try setBody(call, index: index, of: &request, function: kind.function) }
        }
        let limit = try call.field(table, "timeout") { try timeout(call, at: $0) }
        return (request, limit, try call.field(table, "cache") { try cacheMode(call, at: $0) })
    }

    /// `request` with the options table at `index` (`headers`, `timeout`, `cache`) applied.
    private func options(_ call: LuaStack, _ index: Int32, kind: Member, _ request: HubHTTPRequest) throws -> Requested {
        var request = request
        var limit: Int?
        var mode = HTTPCacheMode.default
        try call.options(index, kind.function, known: Self.optionKeys) {
            let headers = try call.field(index, "headers") { try self.headers(call, at: $0) }
            for (name, value) in headers { request.headers.set(name, value) }
            limit = try call.field(index, "timeout") { try timeout(call, at: $0) }
            mode = try call.field(index, "cache") { try cacheMode(call, at: $0) }
        }
        return (request, limit, mode)
    }

    /// The body at `index`: a string as it is, a table as JSON (with its content type).
    private func setBody(_ call: LuaStack, index: Int32, of request: inout HubHTTPRequest, function: String) throws {
        if let text = call.string(at: index) {
            try call.chargeMemory(text.utf8.count)
            request.body = Array(text.utf8)
        } else if call.type(at: index) == .table {
            let text = try call.argument(index, function) { try call.json(at: index) }.serialized(pretty: false)
            request.body = Array(text.utf8)
            if !request.headers.contains("content-type") { request.headers.set("content-type", "application/json") }
        } else {
            throw LuaValueError(field: "body", problem: call.valueError(index, expected: "string or table").problem)
        }
    }

    /// The header table at `index` (names and values strings); none for nil.
    private func headers(_ call: LuaStack, at index: Int32) throws -> HubHTTPHeaders {
        var headers = HubHTTPHeaders()
        if call.isNil(index) { return headers }
        guard call.type(at: index) == .table else { throw call.valueError(index, expected: "table") }
        try call.forEachPair(index) {
            guard let name = call.string(at: -2), let value = try call.optionalString(at: -1) else {
                throw LuaValueError(problem: "header names and values must be strings")
            }
            if let problem = HTTPRequestRules.problem(headerName: name, value: value) { throw LuaValueError(problem: problem) }
            headers.add(name, value)
        }
        return headers
    }

    /// A timeout in milliseconds, positive; nil for nil.
    private func timeout(_ call: LuaStack, at index: Int32) throws -> Int? {
        if call.isNil(index) { return nil }
        guard let value = call.integer(at: index), value > 0 else {
            throw LuaValueError(problem: "positive integer (milliseconds) expected, got \(call.shownValue(at: index))")
        }
        return value
    }

    /// A cache mode, one of ``HTTPCacheMode``'s names; `default` for nil.
    private func cacheMode(_ call: LuaStack, at index: Int32) throws -> HTTPCacheMode {
        if call.isNil(index) { return .default }
        guard call.type(at: index) == .string, let name = call.string(at: index), let mode = HTTPCacheMode(rawValue: name) else {
            let allowed = HTTPCacheMode.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            throw LuaValueError(problem: "one of \(allowed) expected, got \(call.shownValue(at: index))")
        }
        return mode
    }

    // MARK: Outcomes

    /// `[-0, +2]` Pushes what the wait returns: true and the response (or, with `many`, the
    /// list of responses), or false and the error table of the first request that failed.
    private func push(_ outcomes: [Result<HubHTTPResponse, HTTPFailure>], many: Bool, place: Place, stack: LuaStack) -> Int32 {
        for outcome in outcomes {
            guard case .failure(let failure) = outcome else { continue }
            stack.push(false)
            errors.push(stack, ContentError(
                // The script's frame still waits below `hub.http`'s own: the call's line, found
                // only when it is needed.
                domain: failure.domain, code: failure.code, message: failure.message, location: stack.scriptLocation(),
                feature: place.feature, operation: place.operation))
            return 2
        }
        stack.push(true)
        if many { stack.newTable(array: outcomes.count) }
        for (position, outcome) in outcomes.enumerated() {
            guard case .success(let response) = outcome else { continue }
            push(response, stack: stack)
            if many { stack.setRawIndex(-2, position + 1) }
        }
        return 2
    }

    /// `[-0, +1]` Pushes `response` as a response table.
    private func push(_ response: HubHTTPResponse, stack: LuaStack) {
        stack.newTable(record: 6)
        stack.push(response.status)
        stack.setRawField(-2, "status")
        // A repeated header's values joined with ", ", in one pass (a hostile server may send many).
        var values: [String: String] = [:]
        for (name, value) in response.headers { values[name] = values[name].map { "\($0), \(value)" } ?? value }
        stack.newTable(record: values.count)
        for (name, value) in values {
            stack.push(value)
            stack.setRawField(-2, name)
        }
        stack.setRawField(-2, "headers")
        stack.push(bytes: response.body)
        stack.setRawField(-2, "body")
        stack.push(response.fromCache)
        stack.setRawField(-2, "from_cache")
        if let stale = response.stale { stack.push(stale.rawValue) } else { stack.push(false) }
        stack.setRawField(-2, "stale")
        stack.push(responseMetatable)
        stack.setMetatable(-2)
    }

    /// What hears how a background revalidation of a response `place`'s call was answered stale
    /// ends: a new response reruns the chain of the operation that made the call from it, as an
    /// event from outside (once, however many of its calls were answered stale); a failure is a
    /// problem naming the call.
    private func revalidationWatch(of place: Place) -> HTTPRevalidationWatch {
        let operation = place.operationObject
        let (feature, name, location, folder) = (place.feature, place.operation, place.location, place.folder)
        return HTTPRevalidationWatch(
            asker: ObjectIdentifier(operation ?? self),
            replaced: { [weak operation] in operation?.handle?.rescheduleUnlessQueued() },
            failed: { [weak self] message in
                self?.problems.report(.revalidation(message, feature: feature, operation: name, location: location, folder: folder))
            })
    }

    /// `response:json()`: the body decoded as JSON; malformed JSON is an error at the caller's line.
    private static func decodeJSON(_ call: LuaStack) throws -> Int32 {
        try call.checkTable(1, "response:json")
        call.rawField(1, "body")
        call.push("response body")
        call.push(json: try call.jsonArgument(call.top - 1, "response:json"))
        return 1
    }
}

/// Where a `hub.http` call was made: the operation run or action run whose coroutine made it,
/// or neither (a test, the REPL), and what follows for its requests.
private struct Place {
    let policy: HTTPPolicy
    let isOffline: Bool
    let feature: String?
    let operation: String?
    /// Whose responses the cache may answer with: those stored by code of the same rights.
    let partition: String
    /// The operation whose run made the call; nil: none made it.
    let operationObject: LuaContentOperation?
    /// The script's line that made the call, and its folder, as problems name them.
    let location: String?
    let folder: String
    private let run: (any SuspendableRun)?
    private let limit: Int

    /// The place of a call made on `call`'s thread by a script of `folder`; a response may not
    /// be larger than `memoryLimit` (0: none), which it counts against.
    init(call: LuaStack, runner: ScriptRunner, manager: HubManager, folder: FeatureFolder, memoryLimit: Int) {
        run = runner.run(of: call)
        let operationRun = run as? LuaOperationRun
        let runFeature = operationRun?.featureInfo.identifier
        var policy = CallerRights.network(of: folder, runFeature: runFeature, in: manager.featureRegistry)
        partition = CallerRights.partition(of: folder, runFeature: runFeature, in: manager.featureRegistry)
        isOffline = operationRun?.connectivityState == .offline
        feature = operationRun?.featureInfo.identifier
        operation = operationRun?.operation.name
        operationObject = operationRun?.operation
        location = call.scriptLocation()
        self.folder = folder.path
        if memoryLimit > 0 { policy.maxResponseBytes = min(policy.maxResponseBytes, memoryLimit) }
        self.policy = policy
        limit = policy.maxInFlight
    }

    /// The queue the requests wait their turn in: the run's, or one of their own.
    func queue(fetcher: HTTPFetcher) -> HTTPRequestQueue {
        if let run {
            if let queue = run.requests { return queue }
            let queue = HTTPRequestQueue(fetcher: fetcher, limit: limit)
            run.requests = queue
            return queue
        }
        return HTTPRequestQueue(fetcher: fetcher, limit: limit)
    }
}
