-- The todo list of Hub Framework's demo app, in Lua. Selecting "Add an item" runs the async
-- `todo:add` action: it asks for the item (a prompt the person answers later) and chains to
-- `todo:add-completed` with it, which adds it. `todo:filter` narrows the list to the items
-- matching a query; the search bar shows only while there are items.
hub.feature {
  id = "todo",
  title = "Todo",
  uri = "todo:list",
  operations = { require("operations.items") },
}

require("actions.todo")
