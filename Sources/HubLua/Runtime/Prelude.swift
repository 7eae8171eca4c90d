/// The Lua code run once per state, with the full standard library, before any script, given
/// the function scripts' `print` writes its lines with, and `keep_caller` (`hub_keep_caller`,
/// which wraps `require` so that its caller's line is known even in `return require(...)`).
/// It returns `make_env(own_hub, shared_hub, read_module, report)`, which makes one feature
/// folder's environment: its own globals over a base of its own (the safe standard functions,
/// and read-only proxies of the libraries), its own read-only `hub` over the shared one, a
/// text-only `load`, and a `require` that resolves modules inside the folder only
/// (`read_module` checks the name and returns the source, chunk name and path of the module,
/// or nil and the error for a bad one, which `require` raises at its caller's line); and with
/// it a function that runs one of the folder's modules again, for hot reloading. A module
/// under `operations/` that returns nothing is an error at the line that required it. With
/// `report` (`hub check`), an `operations/` module that fails is told to `report` and stood in
/// for by an operation that does nothing, so that loading goes on to the next mistake.
///
/// Nothing a script can reach is shared with another folder's scripts: every metatable it could
/// follow is locked (`__metatable = false`), and each environment has its own base and proxies,
/// so even `rawset` on them changes that folder alone. `setmetatable` refuses `__gc`: no hook
/// can stop a finalizer, so a looping one would hang the runtime. The shared `hub`'s sub-tables
/// (`hub.json`) reach a folder as read-only proxies of its own. The prelude knows nothing of
/// Hub's functions: the bindings register those.
enum Prelude {
    static let chunkName = "=hub.prelude"

    static let source = #"""
local write_line, keep_caller = ...
string.dump = nil
getmetatable("").__metatable = false

local raw_setmetatable, rawget, error, tostring, type, pcall = setmetatable, rawget, error, tostring, type, pcall
local select, concat = select, table.concat

-- Lua's print, writing its line where the host says (standard error while hub render prints a view).
local function print(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
  write_line(concat(parts, "\t"))
end

-- Lua's warn, one per environment: a message made of its pieces (strings or numbers) is
-- written as print writes, after "Lua warning: ", and paid for as print's line is; a message of
-- one piece starting with "@" is a control message ("@off" and "@on" turn the folder's warnings
-- off and on, others are ignored), as the lua program does. Warnings start on.
local function make_warn()
  local on = true
  return function(...)
    local count = select("#", ...)
    local parts = { ... }
    for i = 1, math.max(count, 1) do
      local kind = type(parts[i])
      if kind ~= "string" and kind ~= "number" then
        error("bad argument #" .. i .. " to 'warn' (string expected, got " .. (i > count and "no value" or kind) .. ")", 2)
      end
    end
    local message = concat(parts)
    if count == 1 and message:sub(1, 1) == "@" then
      if message == "@off" then on = false elseif message == "@on" then on = true end
    elseif on then
      write_line("Lua warning: " .. message)
    end
  end
end

local function read_only(name)
  return function(_, key)
    error("cannot set '" .. tostring(key) .. "' in the read-only table '" .. name .. "'", 2)
  end
end

local function freeze(library, name)
  return raw_setmetatable({}, { __index = library, __newindex = read_only(name), __metatable = false })
end

local function safe_setmetatable(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: __gc finalizers are not available to feature scripts", 2)
  end
  local ok, result = pcall(raw_setmetatable, t, mt)
  if not ok then error(result, 2) end
  return result
end

-- The `file:line: ` of the function `level` levels above the caller (1: the caller's caller), as
-- error(message, level) would put it.
local function where(level)
  local _, located = pcall(error, "", level + 2)
  return located
end

-- Lua's load(chunk, name, mode, env) for text alone, given the `count` arguments it had: a
-- string (or a number, which Lua takes as one), or a function giving its pieces (read to the
-- end first); a binary chunk is refused whatever `mode` says. The chunk's _ENV is the `env`
-- given, even nil, else `default_env`.
local function load_text(default_env, count, chunk, name, mode, ...)
  local kind = type(chunk)
  if kind == "number" then
    chunk = tostring(chunk)
  elseif kind == "function" then
    local pieces, reader = {}, chunk
    while true do
      local ok, piece = pcall(reader)
      if not ok then return nil, piece end
      if piece == nil or piece == "" then break end
      if type(piece) == "number" then piece = tostring(piece) end
      if type(piece) ~= "string" then return nil, where(2) .. "reader function must return a string" end
      pieces[#pieces + 1] = piece
    end
    chunk, name = concat(pieces), name or "=(load)"
  elseif kind ~= "string" then
    error("bad argument #1 to 'load' (function expected, got " .. (count == 0 and "no value" or kind) .. ")", 2)
  end
  if mode == nil then mode = "bt" elseif type(mode) == "number" then mode = tostring(mode) end
  if type(mode) ~= "string" then error("bad argument #3 to 'load' (string expected, got " .. type(mode) .. ")", 2) end
  if chunk:byte(1) == 27 then
    if not mode:find("b", 1, true) then return nil, "attempt to load a binary chunk (mode is '" .. mode .. "')" end
    return nil, "binary chunks are not available to feature scripts"
  end
  if not mode:find("t", 1, true) then return nil, "attempt to load a text chunk (mode is '" .. mode .. "')" end
  if count >= 4 then return load(chunk, name, "t", (...)) end
  return load(chunk, name, "t", default_env)
end

local safe_os = { clock = os.clock, time = os.time, date = os.date, difftime = os.difftime }

-- A base of its own for each environment.
local function make_base()
  return {
    assert = assert, error = error, ipairs = ipairs, next = next, pairs = pairs, pcall = pcall,
    print = print, rawequal = rawequal, rawget = rawget, rawlen = rawlen, rawset = rawset,
    select = select, setmetatable = safe_setmetatable, getmetatable = getmetatable, tonumber = tonumber,
    tostring = tostring, type = type, xpcall = xpcall, warn = make_warn(), _VERSION = _VERSION,
    string = freeze(string, "string"), table = freeze(table, "table"), math = freeze(math, "math"),
    utf8 = freeze(utf8, "utf8"), coroutine = freeze(coroutine, "coroutine"), os = freeze(safe_os, "os"),
  }
end

-- Makes `old` hold what `new` holds, keeping its identity (and, table by table, the identity of
-- the tables inside it that `new` has a table for too): what refers to them sees the new
-- contents. A reloaded module's operation tables are patched so.
local function patch(old, new, seen)
  if seen[old] then return end
  seen[old] = true
  for key in next, old do
    if rawget(new, key) == nil then rawset(old, key, nil) end
  end
  for key, value in next, new do
    local current = rawget(old, key)
    if type(value) == "table" and type(current) == "table" and current ~= value then
      patch(current, value, seen)
    else
      rawset(old, key, value)
    end
  end
end

-- Whether module `name` is one of the folder's operations (operations/*.lua).
local function is_operation(name)
  return type(name) == "string" and name:sub(1, 11) == "operations."
end

-- What hub check's require gives for an operations/ module that failed: an operation that
-- does nothing.
local function stand_in()
  return { perform = function() end }
end

return function(own_hub, shared_hub, read_module, report)
  local env = {}
  local loaded = {}
  env._G = env
  for key, value in next, shared_hub do
    if type(value) == "table" and rawget(own_hub, key) == nil then own_hub[key] = freeze(value, "hub." .. key) end
  end
  env.hub = raw_setmetatable(own_hub, { __index = shared_hub, __newindex = read_only("hub"), __metatable = false })
  env.load = function(...)
    return load_text(env, select("#", ...), ...)
  end
  -- Runs module `name`; its errors of its own are raised at `level` (the requiring line).
  local function run_module(name, level)
    local source, chunk_name, relative = read_module(name)
    if not source then error(chunk_name, level) end
    local chunk, message = load(source, chunk_name, "t", env)
    if not chunk then error(message, 0) end
    local result = chunk(name)
    if result == nil then
      if is_operation(name) then
        error(relative .. " returned nothing: end it with `return hub.operation { ... }`", level)
      end
      result = true
    end
    return result
  end
  -- Called through keep_caller: the requiring line is 4 levels up from run_module (run_module,
  -- require, keep_caller's wrapper, the caller), 5 inside pcall.
  env.require = keep_caller(function(name)
    local cached = loaded[name]
    if cached ~= nil then return cached end
    local result
    if report ~= nil and is_operation(name) then
      local ok, value = pcall(run_module, name, 5)
      if ok then result = value else report(value); result = stand_in() end
    else
      result = run_module(name, 4)
    end
    loaded[name] = result
    return result
  end)
  -- Runs module `name` again (false when it was never required): a table it returns patches
  -- the one it returned before, so operations made from it get their new functions.
  local function reload_module(name)
    local old = loaded[name]
    if old == nil then return false end
    local new = run_module(name, 3)
    if type(old) == "table" and type(new) == "table" then patch(old, new, {}) else loaded[name] = new end
    return true
  end
  return raw_setmetatable(env, { __index = make_base(), __metatable = false }), reload_module
end
"""#
}
