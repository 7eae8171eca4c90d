-- A property-based round trip of hub.store, run against every backend (memory, SQLite,
-- PostgreSQL): generated Lua values and keys (strings of every byte, integers at the edges,
-- floats of any bit pattern, -0.0, nested tables) are set, read back and listed. Each must come
-- back as the same Lua value, byte for byte and of the same number subtype, or be refused with
-- the store's error for what JSON or a key cannot hold; nothing else. Returns the transcript,
-- one line per case, which must be the same on every backend, and the problems (none expected).
-- The test that runs it sets ROUND_TRIP_SEED and ROUND_TRIP_COUNT first.
local seed, count = ROUND_TRIP_SEED, ROUND_TRIP_COUNT
math.randomseed(seed)

-- Whether `s` is UTF-8 text (Lua's utf8.len is strict: no overlong forms, no surrogates).
local function is_text(s) return utf8.len(s) ~= nil end

local function random_string()
  local kind = math.random(6)
  if kind == 1 then return string.char(math.random(0, 255)) end                    -- one byte, any
  local n = math.random(0, 24)
  local bytes = {}
  for i = 1, n do
    if kind == 2 then bytes[i] = string.char(math.random(0, 255))                   -- any bytes
    elseif kind == 3 then bytes[i] = string.char(math.random(32, 126))              -- ASCII
    elseif kind == 4 then bytes[i] = utf8.char(math.random(0, 0x10FFFF))            -- any code point, surrogates too
    elseif kind == 5 then bytes[i] = ({ "é", "e\u{301}", "日本", "🎵", "\0", "\"", "\\", "\n", "%", "_" })[math.random(10)]
    else bytes[i] = string.char(math.random(0, 127)) end                            -- control characters
  end
  return table.concat(bytes)
end

local edge_integers = { math.mininteger, math.maxinteger, 0, -1, 1, (1 << 53) + 1, -(1 << 53) - 1, 1 << 62 }
local edge_floats = { -0.0, 0.0, 2^53 + 1, 2^63, -2^63, 1e308, 5e-324, 0.1, 1 / 3, 2.0, math.huge, -math.huge, 0 / 0 }

local function random_number()
  local kind = math.random(4)
  if kind == 1 then return edge_integers[math.random(#edge_integers)] end
  if kind == 2 then return edge_floats[math.random(#edge_floats)] end
  if kind == 3 then return math.random(math.mininteger, math.maxinteger) end
  return (string.unpack("<d", string.pack("<i8", math.random(math.mininteger, math.maxinteger))))  -- any bit pattern
end

local random_value
local function random_table(depth)
  local t = {}
  if math.random(2) == 1 then
    for i = 1, math.random(0, 4) do t[i] = random_value(depth + 1) end
  else
    for _ = 1, math.random(0, 4) do t[random_string()] = random_value(depth + 1) end
  end
  return t
end

function random_value(depth)
  local kind = math.random(depth < 3 and 5 or 4)
  if kind == 1 then return random_string() end
  if kind == 2 then return random_number() end
  if kind == 3 then return math.random(2) == 1 end
  if kind == 4 then return random_number() end
  return random_table(depth)
end

-- Why JSON cannot hold `v` (the first thing found), or nil when it can.
local function unholdable(v)
  local t = type(v)
  if t == "string" then return not is_text(v) and "string" or nil end
  if t == "number" then return (v ~= v or v == math.huge or v == -math.huge) and "number" or nil end
  if t == "table" then
    for k, x in pairs(v) do
      if type(k) == "string" and not is_text(k) then return "key" end
      local why = unholdable(x)
      if why then return why end
    end
  end
  return nil
end

-- Whether `a` and `b` are the same Lua value: same types, number subtypes and signs of zero,
-- same bytes, same keys and values.
local function same(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) == "number" then
    return math.type(a) == math.type(b) and a == b and (a ~= 0 or 1 / a == 1 / b)
  end
  if type(a) ~= "table" then return a == b end
  for k, x in pairs(a) do if not same(x, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

local function key_problem(name)
  if #name == 0 or #name > 512 or name:find("\0", 1, true) then return "limit" end
  if not is_text(name) then return "text" end
  return nil
end

local lines, problems, stored = {}, {}, {}
for case = 1, count do
  local name = math.random(8) == 1 and random_string() or ("k/" .. random_string())
  local value = random_value(0)
  local ok, err = pcall(hub.store.set, name, value)
  local expected_refusal = key_problem(name) and 8 or (unholdable(value) and 10 or nil)
  local line
  if ok then
    if expected_refusal then problems[#problems + 1] = case .. ": stored what it should refuse" end
    local back = hub.store.get(name)
    if not same(value, back) then problems[#problems + 1] = case .. ": came back changed" end
    stored[name] = true
    line = "stored"
  else
    local code = type(err) == "table" and err.domain == "store" and err.code or tostring(err)
    if code ~= expected_refusal then problems[#problems + 1] = case .. ": refused with " .. tostring(code) end
    line = "refused " .. tostring(code)
  end
  lines[#lines + 1] = case .. " " .. line
end

-- Every stored key is listed, byte for byte, in byte order.
local function bytes_before(a, b)
  for i = 1, math.min(#a, #b) do
    local x, y = a:byte(i), b:byte(i)
    if x ~= y then return x < y end
  end
  return #a < #b
end
local expected = {}
for name in pairs(stored) do expected[#expected + 1] = name end
table.sort(expected, bytes_before)
local listed, after = {}, nil
repeat
  local page
  page, after = hub.store.list("", { after = after, limit = 1000 })
  for _, name in ipairs(page) do listed[#listed + 1] = name end
until after == nil
if table.concat(listed, "\n") ~= table.concat(expected, "\n") then
  problems[#problems + 1] = "listed " .. #listed .. " keys, not the " .. #expected .. " stored, in byte order"
end
lines[#lines + 1] = "listed " .. #listed
return { transcript = table.concat(lines, "\n"), problems = table.concat(problems, "\n") }
