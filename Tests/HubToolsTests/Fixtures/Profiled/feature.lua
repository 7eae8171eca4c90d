-- A known chain to profile: spin(n) runs 2n + 6 instructions, 2n + 4 of them on line 5 (LOADI,
-- MOVE, LOADI, FORPREP, then ADD and FORLOOP n times: a successful ADD skips its MMBIN).
local function spin(n)
  local x = 0
  for i = 1, n do x = x + i end
  return x
end

local function chain(size)
  return {
    hub.operation { name = "spin", perform = function(ctx) ctx.state.sum = spin(size) end },
    hub.operation { name = "rows", perform = function(ctx) ctx.view:body("row").title = "done" end },
  }
end

hub.feature { id = "profiled", uri = "profiled:view", operations = chain(1000) }
hub.feature { id = "profiled-large", uri = "profiled:large", operations = chain(100000) }
