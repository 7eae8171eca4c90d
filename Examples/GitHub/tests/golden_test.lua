-- Golden renders of the GitHub search view, read with the `github` JSON schema:
-- `hub test --update Examples` rewrites them after a deliberate change.

hub.test("the search results render as their golden file at 60 and 40 columns", function()
  local s = hub.open("github:search")
  hub.expect_render(s, "golden/search-60.txt", { width = 60 })
  hub.expect_render(s, "golden/search-40.txt", { width = 40 })
end)
