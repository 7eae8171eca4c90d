-- The items, in the order they were added, kept in hub.store under the key "items": every
-- screen, every worker of `hub serve` and every process on the same store sees one list, and
-- a screen that shows it reloads by itself when it changes. A test starts with an empty
-- store, and sets items up with `todos.reset(list)`.
local todos = {}

function todos.items()
  return hub.store.get("items") or {}
end

function todos.reset(items)
  hub.store.set("items", items or {})
end

function todos.add(item)
  hub.store.update("items", function(items)
    items = items or {}
    items[#items + 1] = item
    return items
  end)
end

return todos
