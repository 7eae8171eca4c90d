-- The list: a search bar (only while there are items), the items matching the query, and the
-- row that adds one. It reads the items from hub.store, so an added item (here, on another
-- screen or in another process) reschedules it; it observes `todo:filter` for a new query.
local todos = require("data.todos")

local function matches(item, query)
  return query == nil or item:lower():find(query:lower(), 1, true) ~= nil
end

return hub.operation {
  name = "items",
  perform = function(ctx)
    local query = ctx.state.query
    local items = todos.items()
    if #items > 0 then
      local search = ctx.view:body("search")
      search.component = "default:searchBar"
      search.title = query
      search.subtitle = "Filter the items"
    end
    for i, item in ipairs(items) do
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
    end
  end,
}
