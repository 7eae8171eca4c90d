-- Golden renders of the songs list and a song's own view: `hub test --update Examples` rewrites
-- them after a deliberate change.
local songs = require("data.songs")

hub.test("the songs list renders as its golden file at 60 and 40 columns", function()
  songs.reset()
  local s = hub.open("songs:list")
  hub.expect_render(s, "golden/list-60.txt", { width = 60 })
  hub.expect_render(s, "golden/list-40.txt", { width = 40 })
end)

hub.test("a song's view renders as its golden file once fetched", function()
  songs.reset()
  local s = hub.open("songs:song:3", { width = 60 })
  hub.sleep(20)
  hub.expect_render(s, "golden/song-60.txt")
end)
