-- The list: a search bar (only while there are items), the items matching the query, and the
-- row that adds one. Observes the todo actions: an added item and a new query reschedule it.
local todos = require("data.todos")

local function matches(item, query)
  return query == nil or item:lower():find(query:lower(), 1, true) ~= nil
end

return hub.operation {
  name = "items",
  perform = function(ctx)
    local query = ctx.state.query
    if #todos.items > 0 then
      local search = ctx.view:body("search")
      search.component = "default:searchBar"
      search.title = query
      search.subtitle = "Filter the items"
    end
    for i, item in ipairs(todos.items) do
      if matches(item, query) then
        local row = ctx.view:body("item-" .. i)
        row.title = item
      end
    end
    local add = ctx.view:body("add")
    add.title = "+ Add an item"
    add.target:add_action("todo:add")
  end,
  on_action = function(ctx, action)
    if action.action == "todo:filter" then
      ctx.state.query = action.custom and action.custom.query
      ctx:reschedule()
    elseif action.action == "todo:add-completed" then
      ctx:reschedule()
    end
  end,
}
