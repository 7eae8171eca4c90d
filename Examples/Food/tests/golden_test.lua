-- Golden renders of the "Delicious Food" view, built from JSON with the default components:
-- `hub test --update Examples` rewrites them after a deliberate change.

hub.test("the food overview renders as its golden file at 60 and 40 columns", function()
  local s = hub.open("food:overview")
  hub.expect_render(s, "golden/overview-60.txt", { width = 60 })
  hub.expect_render(s, "golden/overview-40.txt", { width = 40 })
end)
