/// How the REPL prints values: Lua code, run in the REPL's environment, that returns
/// `show(...)`, the text of its arguments. Hub's values print as readable trees: view models
/// and their components (ids, components, titles, children), builders, screens (the stack, the
/// view, the chain with each operation's status, runs, error and time), chains, events and
/// diffs; other tables as nested tables, sorted by key; anything else as Lua's `tostring`.
enum ReplPrinter {
    static let chunkName = "=hub.repl"

    static let source = #"""
local format, rep, concat, sort = string.format, string.rep, table.concat, table.sort

local function quoted(value) return format("%q", value) end

-- The kind of a userdata: the name in front of its tostring, e.g. "Screen".
local function kind(value)
  return type(value) == "userdata" and tostring(value):match("^(%a+)%(") or nil
end

local function has(value, ...)
  if type(value) ~= "table" then return false end
  for _, key in ipairs({ ... }) do if rawget(value, key) == nil then return false end end
  return true
end

local function is_component(value) return has(value, "id", "component", "children") end
local function is_view_model(value) return has(value, "body", "overlays") end

local function component_line(model)
  local line = model.id .. " [" .. tostring(model.component) .. "]"
  if model.title then line = line .. " " .. quoted(model.title) end
  if model.subtitle then line = line .. " / " .. quoted(model.subtitle) end
  return line
end

local function add_components(lines, models, indent)
  for _, model in ipairs(models) do
    lines[#lines + 1] = indent .. component_line(model)
    add_components(lines, model.children or {}, indent .. "  ")
  end
end

local function add_view_model(lines, model, indent)
  lines[#lines + 1] = indent .. "view" .. (model.title and " " .. quoted(model.title) or "")
    .. (model.id and " (" .. model.id .. ")" or "")
  if model.header then lines[#lines + 1] = indent .. "  header " .. component_line(model.header) end
  lines[#lines + 1] = indent .. "  body (" .. #model.body .. ")"
  add_components(lines, model.body, indent .. "    ")
  if #model.overlays > 0 then
    lines[#lines + 1] = indent .. "  overlays (" .. #model.overlays .. ")"
    add_components(lines, model.overlays, indent .. "    ")
  end
end

local function is_chain(value)
  return type(value) == "table" and #value > 0 and has(value[1], "name", "status", "runs")
end

local function add_chain(lines, chain, indent)
  for position, operation in ipairs(chain) do
    local line = format("%s%d. %s  %s  runs %d", indent, position, operation.name, operation.status, operation.runs)
    if operation.time then line = line .. format("  %.1f ms", operation.time) end
    if operation.instructions then line = line .. format(", %d instructions", operation.instructions) end
    if operation.error then line = line .. "  error: " .. tostring(operation.error) end
    lines[#lines + 1] = line
  end
end

local function is_events(value)
  return type(value) == "table" and #value > 0 and has(value[1], "kind", "uri", "text")
end

local function is_diff(value) return has(value, "inserted", "removed", "reloaded") end

local function diff_line(diff)
  local line = format("+%d −%d ~%d", #diff.inserted, #diff.removed, #diff.reloaded)
  for _, kind in ipairs({ "inserted", "removed", "reloaded" }) do
    if #diff[kind] > 0 then line = line .. "  " .. kind .. ": " .. concat(diff[kind], ", ") end
  end
  return line
end

local function add_builder(lines, builder, indent)
  lines[#lines + 1] = indent .. builder.id .. " [" .. tostring(builder.component) .. "]"
    .. (builder.title and " " .. quoted(builder.title) or "")
  for _, child in ipairs(builder:children()) do add_builder(lines, child, indent .. "  ") end
end

local show_value

-- A short list of plain values, shown on one line: `{ 2, 3, "four" }`.
local function inline_list(value)
  local count = #value
  if count == 0 or count > 20 then return nil end
  local items = {}
  for key, item in pairs(value) do
    if math.type(key) ~= "integer" or key < 1 or key > count or type(item) == "table" or type(item) == "userdata" then
      return nil
    end
    items[key] = type(item) == "string" and quoted(item) or tostring(item)
  end
  return "{ " .. concat(items, ", ") .. " }"
end

local function add_table(lines, value, indent, depth, seen)
  if seen[value] then
    lines[#lines + 1] = indent .. "<cycle>"
    return
  end
  seen[value] = true
  local keys = {}
  for key in pairs(value) do keys[#keys + 1] = key end
  sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
    return type(a) < type(b)
  end)
  if #keys == 0 then
    lines[#lines + 1] = indent .. "{}"
    return
  end
  for _, key in ipairs(keys) do
    local item = value[key]
    local name = type(key) == "string" and key or "[" .. tostring(key) .. "]"
    if type(item) == "table" and next(item) == nil then
      lines[#lines + 1] = indent .. name .. " = {}"
    elseif type(item) == "table" and is_view_model(item) then
      lines[#lines + 1] = indent .. name .. ":"
      add_view_model(lines, item, indent .. "  ")
    elseif type(item) == "table" and inline_list(item) then
      lines[#lines + 1] = indent .. name .. " = " .. inline_list(item)
    elseif type(item) == "table" and depth < 4 and not is_component(item) and not is_view_model(item) then
      lines[#lines + 1] = indent .. name .. ":"
      add_table(lines, item, indent .. "  ", depth + 1, seen)
    else
      lines[#lines + 1] = indent .. name .. " = " .. show_value(item, depth + 1)
    end
  end
end

show_value = function(value, depth)
  local lines = {}
  local what = kind(value)
  if what == "Screen" then
    lines[1] = "screen " .. concat(value.stack, " > ") .. (value.loading and " (loading)" or "")
    add_view_model(lines, value.model, "  ")
    lines[#lines + 1] = "  chain"
    add_chain(lines, value.chain, "    ")
    if value.error then lines[#lines + 1] = "  error: " .. tostring(value.error) end
    for _, failure in ipairs(value.failures) do
      if failure.outcome ~= "failed the view" then
        local by = failure.by and (" by " .. failure.by) or ""
        lines[#lines + 1] = "  " .. failure.outcome .. by .. ": " .. tostring(failure)
      end
    end
  elseif what == "ViewBuilder" then
    lines[1] = tostring(value)
    for _, body in ipairs(value:bodies()) do add_builder(lines, body, "  ") end
  elseif what == "ComponentBuilder" then
    add_builder(lines, value, "")
  elseif is_view_model(value) then
    add_view_model(lines, value, "")
  elseif is_component(value) and (depth or 0) == 0 then
    -- A component printed on its own shows its fields under its line, then its children.
    lines[1] = component_line(value)
    local fields, shown = {}, { id = true, component = true, title = true, subtitle = true, children = true }
    for key, item in pairs(value) do
      if not shown[key] then fields[key] = item end
    end
    add_table(lines, fields, "  ", 1, {})
    add_components(lines, value.children or {}, "  ")
  elseif is_component(value) then
    add_components(lines, { value }, "")
  elseif is_chain(value) then
    add_chain(lines, value, "")
  elseif is_events(value) then
    for _, event in ipairs(value) do lines[#lines + 1] = event.text end
  elseif is_diff(value) then
    lines[1] = diff_line(value)
  elseif type(value) == "table" and inline_list(value) then
    lines[1] = inline_list(value)
  elseif type(value) == "table" and (depth or 0) == 0 then
    add_table(lines, value, "", 0, {})
  elseif type(value) == "string" and (depth or 0) > 0 then
    lines[1] = quoted(value)
  else
    lines[1] = tostring(value)
  end
  return concat(lines, "\n")
end

return function(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = show_value((select(i, ...)), 0) end
  return concat(parts, "\t")
end
"""#
}
