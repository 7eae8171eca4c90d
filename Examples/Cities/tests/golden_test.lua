-- Golden renders of the Cities view: `hub test Examples` compares each render byte for byte
-- with its file under golden/; `hub test --update Examples` rewrites them after a deliberate change.

hub.test("the overview renders as its golden file at 60 and 40 columns", function()
  local s = hub.open("cities:overview")
  hub.expect_render(s, "golden/overview-60.txt", { width = 60 })
  hub.expect_render(s, "golden/overview-40.txt", { width = 40 })
end)

hub.test("the overview renders in plain ASCII as its golden file", function()
  hub.expect_render(hub.open("cities:overview"), "golden/overview-60-ascii.txt", { width = 60, ascii = true })
end)
