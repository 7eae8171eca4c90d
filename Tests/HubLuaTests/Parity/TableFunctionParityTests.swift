import HubTestThreads
import Testing

/// `table.move`, `table.insert` and `table.remove` charge each element as they move it, so a
/// metamethod raising at the first element of a huge range is an error the script's `pcall`
/// catches, as in Lua, not a budget error for the elements never reached.
@Suite(.offThePool) struct TableFunctionParityTests {
    @Test func aMetamethodRaisingAtTheFirstElementOfAHugeRangeIsCaught() throws {
        try LuaParity.expectSame("""
            local reads, writes = 0, 0
            local unreadable = setmetatable({}, { __index = function(_, k)
              reads = reads + 1
              error("cannot read " .. k)
            end })
            local unwritable = setmetatable({}, { __newindex = function(_, k)
              writes = writes + 1
              error("cannot write " .. k)
            end })
            print(pcall(table.move, unreadable, 1, 2^40, 1, {}))
            print(pcall(table.move, { 1 }, 1, 2^40, 1, unwritable))
            print(pcall(table.move, unreadable, 1, 2^40, 2))
            local long = setmetatable({}, { __len = function() return 2^40 end,
              __index = function(_, k) reads = reads + 1; error("cannot read " .. k) end })
            print(pcall(table.insert, long, 1, "x"))
            local shifting = setmetatable({}, { __len = function() return 2^40 end, __index = function(_, k) return k end,
              __newindex = function(_, k) writes = writes + 1; error("cannot write " .. k) end })
            print(pcall(table.remove, shifting, 1))
            print(reads, writes)
            """)
    }

    @Test func elementsMoveInLuasOrder() throws {
        try LuaParity.expectSame("""
            local log = {}
            local t = setmetatable({}, {
              __index = function(_, k) return k * 10 end,
              __newindex = function(_, k, v) log[#log + 1] = k .. "=" .. v end,
            })
            table.move(t, 1, 3, 2)
            table.move(t, 2, 4, 1)
            table.move(t, 1, 2, 5, t)
            print(table.concat(log, " "))
            """)
    }
}
