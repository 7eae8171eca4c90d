-- The delete-song example of the action programming guide: a component performs the action,
-- the operation read the data it changes and reschedules, the handler vetoes protected songs.
local songs = require("data.songs")

local function ids(s)
  local list = {}
  for _, row in ipairs(s.model.body) do list[#list + 1] = row.id end
  return table.concat(list, ",")
end

local function events(s, kind)
  local list = {}
  for _, event in ipairs(s.events) do
    if event.kind == kind then
      list[#list + 1] = (event.component and event.component .. " " or "") .. (event.detail or "")
    end
  end
  return table.concat(list, " | ")
end

hub.test("a song's delete button deletes it and the list reloads without it", function()
  local s = hub.open("songs:list", { width = 50 })
  assert(ids(s) == "song-1,song-2,song-3", ids(s))
  s:render()
  s:select({ 3, 1 })
  assert(ids(s) == "song-1,song-2", ids(s))
  -- The tap performed the button's action, then the selection (the button opens nothing).
  local performed = events(s, "did perform action")
  assert(performed == "delete delete:song, performed | delete selection, not performed", performed)
  assert(#songs.list() == 2)
end)

hub.test("the feature's handler vetoes deleting a protected song", function()
  local s = hub.open("songs:list", { width = 50 })
  s:render()
  s:select({ 2, 1 })
  assert(ids(s) == "song-1,song-2,song-3", "Dancing Queen is protected: " .. ids(s))
  assert(songs.find("2"), "the action did not run")
  -- Handled by the handler counts as performed, and the operation still observed it.
  local performed = events(s, "did perform action")
  assert(performed == "delete delete:song, performed | delete selection, not performed", performed)
end)

hub.test("a test sets up the data the feature reads", function()
  songs.reset({ { id = "9", title = "Only Song", artist = "Test" } })
  local s = hub.open("songs:list", { width = 50 })
  assert(ids(s) == "song-9", ids(s))
end)

hub.test("selecting a song opens it, showing its initial view model until it has loaded", function()
  songs.hold()
  local s = hub.open("songs:list", { width = 40 })
  assert(s:select("song-3"))
  assert(table.concat(s.stack, " > ") == "songs:list > songs:song:3", table.concat(s.stack, " > "))
  assert(s.loading, "the song is still being fetched")
  assert(s.model.title == "Wonderwall" and s.model.body[1].title == "Loading Wonderwall...", s:render())
  songs.release()
  hub.sleep(0)
  assert(not s.loading)
  assert(s.model.body[1].title == "Oasis", s:render())
  assert(events(s, "navigated") == "songs:song:3", events(s, "navigated"))
  assert(s:back())
  assert(s.uri == "songs:list")
  assert(not s:back(), "the first screen stays")
end)

hub.test("the list renders each song with its delete button", function()
  local text = hub.open("songs:list", { width = 40 }):render()
  local expected = table.concat({
    "                 Songs",
    "────────────────────────────────────────",
    " Yellow Submarine             [delete]",
    " The Beatles",
    " Dancing Queen                [delete]",
    " ABBA (protected)",
    " Wonderwall                   [delete]",
    " Oasis",
    "",
  }, "\n")
  assert(text == expected, "got:\n" .. text)
end)

hub.test("an observer hears of a vetoed action too, and that the handler vetoed it", function()
  local s = hub.open("songs:list", { width = 50 })
  s:render()
  s:select({ 2, 1 })
  s:select({ 1, 1 })
  local heard = require("data.heard")
  hub.expect_equal({ heard[#heard - 1], heard[#heard] }, { "delete:song 2 vetoed", "delete:song 1 performed" })
end)

hub.test("a song deleted on one screen is gone from another already open", function()
  local first = hub.open("songs:list", { width = 50 })
  local second = hub.open("songs:list", { width = 50 })
  first:render()
  first:select({ 1, 1 })
  assert(ids(second) == "song-2,song-3", ids(second))
  hub.expect_equal(second.chain[1].runs, 2)
end)

hub.test("the songs feature may not touch another feature's data", function()
  local ok, err = pcall(hub.store.namespace("todo").get, "items")
  assert(not ok)
  hub.expect_equal({ err.domain, err.code }, { "store", 9 })
  assert(err.message:find("may not use the namespace 'todo'", 1, true), err.message)
  assert(err.location:find("songs_test.lua:", 1, true), err.location)
end)
