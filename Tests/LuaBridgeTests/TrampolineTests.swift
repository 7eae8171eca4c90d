import Testing
@testable import LuaBridge

/// Counts live instances, so a test can check that every Swift object was released.
final class LiveCounter {
    var live = 0
    var created = 0
}

final class Tracked {
    let counter: LiveCounter

    init(_ counter: LiveCounter) {
        self.counter = counter
        counter.live += 1
        counter.created += 1
    }

    deinit {
        counter.live -= 1
    }
}

@Suite struct TrampolineTests {
    @Test func raisingSwiftFunctionUnderPcallLeaksNothing() throws {
        let lua = try LuaState()
        let counter = LiveCounter()
        let stack = lua.stack
        LuaBridge.pushFunction(stack) { _ in
            let tracked = Tracked(counter)
            throw LuaRaise(message: "boom from Swift with \(tracked.counter.live) alive")
        }
        try lua.load(
            """
            local raising = ...
            local failures, last = 0, nil
            for i = 1, 100000 do
              local ok, message = pcall(function() raising() end)
              if not ok then failures = failures + 1; last = message end
            end
            return failures, last
            """, chunkName: "=leak")
        lua.stack.insert(at: -2)
        try lua.call(arguments: 1, results: 2)
        #expect(stack.integer(at: -2) == 100_000)
        #expect(stack.string(at: -1) == "leak:4: boom from Swift with 1 alive")
        lua.stack.pop(2)
        lua.collectGarbage()
        #expect(counter.created == 100_000)
        #expect(counter.live == 0)
    }

    @Test func userdataIsReleasedExactlyOnceByTheCollector() throws {
        let lua = try LuaState()
        let counter = LiveCounter()
        let tracked = LuaClass<Tracked>(name: "test.Tracked")
        tracked.register(lua.stack, describe: { _ in "Tracked" }, properties: ["live": .readOnly { $0.push($1.counter.live) }])
        LuaBridge.pushFunction(lua.stack) { call in
            tracked.push(call, Tracked(counter))
            return 1
        }
        try lua.load(
            """
            local make = ...
            local kept = make()
            for i = 1, 10000 do local t = make() end
            collectgarbage()
            return kept.live
            """, chunkName: "=userdata")
        lua.stack.insert(at: -2)
        try lua.call(arguments: 1, results: 1)
        #expect(lua.stack.integer(at: -1) == 1)
        lua.stack.pop()
        lua.collectGarbage()
        #expect(counter.created == 10_001)
        #expect(counter.live == 0)
    }

    @Test func luaErrorsComeBackAsSwiftErrorsWithLocationAndTraceback() throws {
        let lua = try LuaState()
        try lua.load("local x = nil\nreturn x.field", chunkName: "@script.lua")
        #expect {
            try lua.call(arguments: 0, results: 0)
        } throws: { error in
            guard let error = error as? LuaError else { return false }
            return error.location == "script.lua:2" && error.message == "attempt to index a nil value (local 'x')"
                && (error.traceback ?? "").hasPrefix("stack traceback:")
        }
        #expect(lua.stack.top == 0)
    }

    @Test func syntaxErrorsNameFileAndLine() throws {
        let lua = try LuaState()
        #expect {
            try lua.load("local = 1", chunkName: "@bad.lua")
        } throws: { error in
            (error as? LuaError)?.location == "bad.lua:1"
        }
    }

    @Test func binaryChunksAreRefused() throws {
        let lua = try LuaState()
        #expect(throws: LuaError.self) {
            try lua.load("\u{1B}Lua", chunkName: "=binary")
        }
    }

    @Test func memoryCapTurnsRunawayAllocationIntoAnError() throws {
        let lua = try LuaState()
        lua.memoryLimit = lua.memoryUsed + 4 * 1024 * 1024
        try lua.load("local t = {} for i = 1, 1e8 do t[i] = ('x'):rep(64) .. i end", chunkName: "=hog")
        #expect(throws: LuaError.self) {
            try lua.call(arguments: 0, results: 0)
        }
        lua.collectGarbage()
        try lua.load("return 1 + 1", chunkName: "=after")
        try lua.call(arguments: 0, results: 1)
        #expect(lua.stack.integer(at: -1) == 2)
    }

    @Test func swiftAllocationsNeverFailEvenAtTheCap() throws {
        let lua = try LuaState()
        lua.memoryLimit = lua.memoryUsed
        let stack = lua.stack
        for index in 0..<1000 {
            stack.newTable(array: 100)
            stack.push(String(repeating: "x", count: 100) + String(index))
            stack.setRawIndex(-2, 1)
            lua.stack.pop()
        }
        #expect(stack.top == 0)
        try lua.load("return ('y'):rep(1000000)", chunkName: "=alloc")
        #expect(throws: LuaError.self) {
            try lua.call(arguments: 0, results: 1)
        }
        #expect(stack.top == 0)
    }

    @Test func instructionBudgetStopsRunawayLoopsEvenUnderPcall() throws {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        try lua.load("while true do pcall(function() while true do end end) end", chunkName: "=spin")
        #expect {
            try lua.call(arguments: 0, results: 0)
        } throws: { error in
            (error as? LuaError)?.message.contains("instruction budget exceeded") ?? false
        }
    }
}
