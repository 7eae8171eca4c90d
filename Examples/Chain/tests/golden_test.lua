-- Golden renders of the content loading chain's examples: `hub test --update Examples` rewrites
-- them after a deliberate change.

hub.test("operation B's title and the silenced error render as their golden files", function()
  hub.expect_render(hub.open("chain:titles"), "golden/titles-60.txt", { width = 60 })
  hub.expect_render(hub.open("chain:errors"), "golden/errors-60.txt", { width = 60 })
  hub.expect_render(hub.open("chain:errors"), "golden/errors-30.txt", { width = 30 })
end)

hub.test("articles render page by page as their golden files", function()
  local s = hub.open("chain:articles", { width = 60, height = 12 })
  hub.expect_render(s, "golden/articles-60.txt")
  s:scroll_to_end()
  hub.expect_render(s, "golden/articles-page-2-40.txt", { width = 40, height = 24 })
end)

hub.test("search renders its placeholder, then its results, as golden files", function()
  local s = hub.open("chain:search", { width = 60 })
  hub.expect_render(s, "golden/search-placeholder-60.txt")
  hub.sleep(400)
  hub.expect_render(s, "golden/search-results-60.txt")
  hub.expect_render(s, "golden/search-results-40.txt", { width = 40 })
end)
