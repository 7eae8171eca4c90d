/// The Lua code run once per state, with the full standard library, before any script. It
/// builds the frozen safe base and returns `make_env(hub, read_module)`, which makes one
/// feature folder's environment: its own globals over the base, `hub`, a text-only `load`,
/// and a `require` that resolves modules inside the folder only. It knows nothing of Hub's
/// functions: the bindings register those into the `hub` table.
enum Prelude {
    static let chunkName = "=hub.prelude"

    static let source = #"""
string.dump = nil
getmetatable("").__metatable = false

local function freeze(library, name)
  return setmetatable({}, {
    __index = library,
    __newindex = function(_, key) error("cannot set '" .. tostring(key) .. "' in the read-only library '" .. name .. "'", 2) end,
    __metatable = false,
  })
end

local base = {
  assert = assert, error = error, ipairs = ipairs, next = next, pairs = pairs, pcall = pcall,
  print = print, rawequal = rawequal, rawget = rawget, rawlen = rawlen, rawset = rawset,
  select = select, setmetatable = setmetatable, getmetatable = getmetatable, tonumber = tonumber,
  tostring = tostring, type = type, xpcall = xpcall, warn = warn, _VERSION = _VERSION,
  string = freeze(string, "string"), table = freeze(table, "table"), math = freeze(math, "math"),
  utf8 = freeze(utf8, "utf8"), coroutine = freeze(coroutine, "coroutine"),
  os = freeze({ clock = os.clock, time = os.time, date = os.date, difftime = os.difftime }, "os"),
}
local base_meta = { __index = base }

local function make_env(hub, read_module)
  local env = setmetatable({}, base_meta)
  local loaded = {}
  env._G = env
  env.hub = hub
  env.load = function(chunk, name, mode, chunk_env)
    if type(chunk) ~= "string" then return nil, "load: only source strings can be loaded here" end
    return load(chunk, name, "t", chunk_env or env)
  end
  env.require = function(name)
    if type(name) ~= "string" then error("require expects a module name", 2) end
    local cached = loaded[name]
    if cached ~= nil then return cached end
    local source, chunk_name = read_module(name)
    local chunk, message = load(source, chunk_name, "t", env)
    if not chunk then error(message, 0) end
    local result = chunk(name)
    if result == nil then result = true end
    loaded[name] = result
    return result
  end
  return env
end

return make_env
"""#
}
