import CLua
import Testing
@testable import LuaBridge

/// Sampled profiles: the budget's count hook records the stack every N instructions, so a
/// profile of the same work is the same, sample for sample.
@Suite struct ProfileSamplingTests {
    /// `spin(1000)` runs line 2 once (LOADI), line 3 2,004 times (LOADI, MOVE, LOADI, FORPREP,
    /// then ADD and FORLOOP a thousand times: a successful ADD skips its MMBIN) and line 4 once
    /// (RETURN1): `luac5.4 -l` lists them.
    private static let source = """
        local function spin(n)
          local x = 0
          for i = 1, n do x = x + i end
          return x
        end
        local result = spin(1000)
        return result
        """

    /// The samples of running `source` with a profile sampling every `every` instructions and
    /// keeping at most `recordBytes` of them.
    private static func samples(every: Int, recordBytes: Int = LuaState.profileRecordBytes) throws -> LuaProfileSamples {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        #expect(lua.profileSamples == nil && !lua.isProfiling)
        #expect(lua.startProfile(every: every, recordBytes: recordBytes))
        try lua.load(source, chunkName: "@spin.lua")
        try lua.call(arguments: 0, results: 1)
        #expect(lua.stack.integer(at: -1) == 500_500)
        let samples = try #require(lua.profileSamples)
        lua.stopProfile()
        #expect(lua.profileSamples == nil && !lua.isProfiling)
        return samples
    }

    @Test func aPeriodOfOneSamplesEveryInstructionOnItsLine() throws {
        let samples = try Self.samples(every: 1)
        #expect(samples.every == 1 && samples.dropped == 0)
        let spin = try #require(samples.frames.firstIndex { $0.name == "spin" })
        let main = try #require(samples.frames.firstIndex { $0.kind == .main })
        #expect(samples.frames[spin] == LuaProfileFrame(name: "spin", source: "spin.lua", line: 1, kind: .lua))
        #expect(samples.frames[main] == LuaProfileFrame(name: "", source: "spin.lua", line: 0, kind: .main))
        let inSpin = samples.samples.filter { $0.stack.last == spin }
        #expect(inSpin.allSatisfy { $0.stack == [main, spin] && $0.tag == 0 })
        #expect(Dictionary(grouping: inSpin, by: { $0.line ?? 0 }).mapValues(\.count) == [2: 1, 3: 2_004, 4: 1])
    }

    /// A profile keeps what fits in its bound and counts the rest, so that sampling every
    /// instruction of a long run cannot fill memory.
    @Test func pastItsBoundAProfileDropsSamplesAndCountsThem() throws {
        let all = try Self.samples(every: 1)
        let bounded = try Self.samples(every: 1, recordBytes: 4_096)
        // Each sample is its tag, line and depth, then its stack.
        let ints = bounded.samples.reduce(0) { $0 + 3 + $1.stack.count }
        #expect(ints <= 4_096 / MemoryLayout<Int32>.size && ints > 4_096 / MemoryLayout<Int32>.size - 3 - 2)
        #expect(bounded.dropped > 0 && bounded.samples.count + bounded.dropped == all.samples.count)
        #expect(bounded.samples == Array(all.samples.prefix(bounded.samples.count)), "the first ones are kept")
    }

    @Test func aLongerPeriodTakesOneSampleInSoManyAndRepeats() throws {
        let samples = try Self.samples(every: 100)
        let spin = try #require(samples.frames.firstIndex { $0.name == "spin" })
        // The main chunk runs 5 instructions before spin's 2,006: samples 100 to 2,000 are spin's.
        #expect(samples.samples.filter { $0.stack.last == spin }.count == 20)
        #expect(try Self.samples(every: 100) == samples)
    }

    @Test func theHostsTagIsRecordedWithEachSample() throws {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        lua.profileTag = 3  // no profile on: ignored
        #expect(lua.profileTag == 0)
        lua.startProfile(every: 10)
        lua.profileTag = 7
        try lua.load("local n = 0 for i = 1, 100 do n = n + i end", chunkName: "=tagged")
        try lua.call(arguments: 0, results: 0)
        let samples = try #require(lua.profileSamples)
        #expect(!samples.samples.isEmpty && samples.samples.allSatisfy { $0.tag == 7 })
        #expect(samples.frames.allSatisfy { $0.source == "tagged" })
        lua.stopProfile()
    }

    @Test func theBudgetCountsTheSameAtAnyPeriod() throws {
        for every in [1, 7, 1_000] {
            let lua = try LuaState()
            lua.instructionBudget = 50_000
            lua.startProfile(every: every)
            try lua.load("local n = 0\nwhile true do\n  n = n + 1\nend\n", chunkName: "@loop.lua")
            #expect(throws: LuaError.self) { try lua.call(arguments: 0, results: 0) }
            let samples = try #require(lua.profileSamples)
            // Stopped once 50,000 instructions were counted: about 50,000 / every samples.
            #expect(abs(samples.samples.count - 50_000 / every) <= 1, "every \(every): \(samples.samples.count)")
        }
    }

    /// What a host call costs the budget counts towards the samples where it is charged: a
    /// view whose work is host calls, with few instructions of Lua between, is sampled too.
    @Test func aHostCallsCostIsSampledWithTheHostFunctionInnermost() throws {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        LuaBridge.pushFunction(lua.stack, cost: 1_000) { _ in 0 }
        lua_setglobal(lua.L, "host")
        lua.startProfile(every: 1_000)
        try lua.load("for i = 1, 10 do\n  host()\nend", chunkName: "=calls")
        try lua.call(arguments: 0, results: 0)
        let samples = try #require(lua.profileSamples)
        lua.stopProfile()
        let host = try #require(samples.frames.firstIndex { $0.name == "host" && $0.kind == .c })
        let main = try #require(samples.frames.firstIndex { $0.kind == .main })
        // The loop's few dozen instructions never reach the hook's period: every sample is a call's.
        #expect(samples.samples.count == 10)
        #expect(samples.samples.allSatisfy { $0.stack == [main, host] && $0.line == 2 })
    }

    @Test func hostCallsAddUpTheirTimeWhileProfiling() throws {
        let lua = try LuaState()
        lua.instructionBudget = 1_000_000
        LuaBridge.pushFunction(lua.stack) { _ in 0 }
        lua_setglobal(lua.L, "host")
        try lua.load("for i = 1, 1000 do host() end", chunkName: "=calls")
        try lua.call(arguments: 0, results: 0)
        #expect(lua.profiledHostNanoseconds == 0, "nothing is timed while no profile is on")
        lua.startProfile(every: 1_000)
        try lua.load("for i = 1, 1000 do host() end", chunkName: "=calls")
        try lua.call(arguments: 0, results: 0)
        #expect(lua.profiledHostNanoseconds > 0)
        lua.stopProfile()
    }
}
