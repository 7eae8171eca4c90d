-- The data source: the songs, in order, and which of them are protected, kept in hub.store
-- under the key "list" of the `songs` feature's namespace (the `song` feature shares it). Until
-- something is stored there, the list is the three songs below. Every screen, every worker of
-- `hub serve` and every process on the same store sees one list; a screen that shows it reloads
-- by itself when it changes. Tests start with an empty store, and may set a list up with
-- `songs.reset(list)`.
local songs = {}

local defaults = {
  { id = "1", title = "Yellow Submarine", artist = "The Beatles" },
  { id = "2", title = "Dancing Queen", artist = "ABBA", protected = true },
  { id = "3", title = "Wonderwall", artist = "Oasis" },
}

local store = hub.store.namespace("songs")

-- A fresh copy of the defaults, which the caller may change.
local function default_list()
  local list = {}
  for i, song in ipairs(defaults) do list[i] = song end
  return list
end

function songs.list()
  return store.get("list") or default_list()
end

function songs.reset(list)
  store.set("list", list or defaults)
end

function songs.find(id)
  for i, song in ipairs(songs.list()) do
    if song.id == id then return song, i end
  end
end

function songs.is_protected(id)
  local song = songs.find(id)
  return song ~= nil and song.protected == true
end

-- Fetching a song's details takes a moment, like a request would; `songs.hold()` makes
-- fetches wait until `songs.release()`, so that a test can look at the view meanwhile.
local held, pending = false, {}

function songs.fetch(id, done)
  if held then
    pending[#pending + 1] = function() done(songs.find(id)) end
  else
    hub.after(20, function() done(songs.find(id)) end)
  end
end

function songs.hold()
  held = true
end

function songs.release()
  held = false
  local waiting = pending
  pending = {}
  for _, finish in ipairs(waiting) do finish() end
end

-- Removes the song `id` in one atomic update (two workers deleting at once lose nothing);
-- whether it was there.
function songs.remove(id)
  local removed = false
  store.update("list", function(list)
    removed = false
    list = list or default_list()
    for i, song in ipairs(list) do
      if song.id == id then
        table.remove(list, i)
        removed = true
        break
      end
    end
    return list
  end)
  return removed
end

return songs
