-- Golden renders of the todo list, empty and with items: `hub test --update Examples` rewrites
-- them after a deliberate change.
local todos = require("data.todos")

hub.test("an empty todo list renders as its golden file", function()
  todos.reset()
  hub.expect_render(hub.open("todo:list"), "golden/empty-40.txt", { width = 40 })
end)

hub.test("a todo list with items renders as its golden file at 60 and 40 columns", function()
  todos.reset({ "Buy milk", "Buy bread", "Walk the dog" })
  local s = hub.open("todo:list")
  hub.expect_render(s, "golden/items-60.txt", { width = 60 })
  hub.expect_render(s, "golden/items-40.txt", { width = 40 })
end)
