-- The `todo` namespace, made by one factory: each name gives a fresh action function.
local todos = require("data.todos")
local prompt = require("data.prompt")

local actions = {
  -- Asks for the item, then chains to add-completed with it; cancelled: not performed.
  add = function(ctx)
    local item = hub.await(function(done) prompt.ask("What do you need to do?", done) end)
    if item == nil or item == "" then return false end
    ctx:chain("todo:add-completed", { item = item })
    return true
  end,
  ["add-completed"] = function(ctx)
    todos.add(ctx.custom.item)
    return true
  end,
  -- The operation does the filtering; the action only has to be performed.
  filter = function(_ctx)
    return true
  end,
}

hub.actions("todo", function(name)
  return actions[name]
end)
