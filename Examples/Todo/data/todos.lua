-- The items, in the order they were added. Tests start from `todos.reset()`.
local todos = { items = {} }

function todos.reset(items)
  todos.items = {}
  for i, item in ipairs(items or {}) do todos.items[i] = item end
end

function todos.add(item)
  todos.items[#todos.items + 1] = item
end

return todos
