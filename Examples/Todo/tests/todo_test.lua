-- The demo app's todo list: a chained async action adds items, filter actions narrow the list.
local todos = require("data.todos")
local prompt = require("data.prompt")

local function titles(s)
  local list = {}
  for _, row in ipairs(s.model.body) do list[#list + 1] = row.id .. "=" .. (row.title or "") end
  return table.concat(list, ", ")
end

hub.test("an empty list shows no search bar, only the add row", function()
  local s = hub.open("todo:list")
  assert(titles(s) == "add=+ Add an item", titles(s))
end)

hub.test("adding an item asks for it, then chains to add-completed", function()
  todos.reset()
  local s = hub.open("todo:list")
  assert(s:select("add"), "the add action started")
  assert(prompt.question == "What do you need to do?", "the prompt is showing")
  assert(titles(s) == "add=+ Add an item", "nothing added yet: " .. titles(s))
  prompt.answer("Buy milk")
  hub.sleep(0)
  assert(titles(s) == "search=, item-1=Buy milk, add=+ Add an item", titles(s))
  local actions = {}
  for _, event in ipairs(s.events) do
    if event.kind == "did perform action" then actions[#actions + 1] = event.detail end
  end
  -- The chained action reaches the operations, not the event log (as in Hub Framework).
  assert(table.concat(actions, " | ") == "todo:add, performed", table.concat(actions, " | "))
end)

hub.test("a cancelled prompt adds nothing", function()
  todos.reset()
  local s = hub.open("todo:list")
  s:select("add")
  prompt.answer(nil)
  hub.sleep(0)
  assert(#todos.items() == 0)
  assert(titles(s) == "add=+ Add an item", titles(s))
end)

hub.test("a burst of five filter actions leaves only the matching item", function()
  todos.reset({ "Buy milk", "Buy bread", "Walk the dog" })
  local s = hub.open("todo:list")
  for _, query in ipairs({ "b", "br", "bre", "brea", "bread" }) do
    assert(s:perform("todo:filter", { query = query }))
  end
  assert(titles(s) == "search=bread, item-2=Buy bread, add=+ Add an item", titles(s))
  assert(s:perform("todo:filter", {}))
  assert(titles(s) == "search=, item-1=Buy milk, item-2=Buy bread, item-3=Walk the dog, add=+ Add an item", titles(s))
end)

hub.test("the list renders its search bar, items and add row", function()
  todos.reset({ "Buy milk" })
  local text = hub.open("todo:list", { width = 30 }):render()
  local expected = table.concat({
    "             Todo",
    "──────────────────────────────",
    "",
    " ┌──────────────────────────┐",
    " │ ⌕ Filter the items       │",
    " └──────────────────────────┘",
    "",
    " Buy milk",
    " + Add an item",
    "",
  }, "\n")
  assert(text == expected, "got:\n" .. text)
end)

hub.test("an item added on one screen shows on another already open", function()
  local first = hub.open("todo:list")
  local second = hub.open("todo:list")
  first:select("add")
  prompt.answer("Call mum")
  hub.sleep(0)
  assert(titles(second) == "search=, item-1=Call mum, add=+ Add an item", titles(second))
  todos.add("Water the plants")
  assert(titles(first) == "search=, item-1=Call mum, item-2=Water the plants, add=+ Add an item", titles(first))
  hub.expect_equal(first.chain[1].runs, 3)
end)

hub.test("each test starts with an empty store", function()
  hub.expect_equal(hub.store.get("items"), nil)
  hub.expect_equal(hub.store.list(""), {})
end)
