-- The data source: the songs, in order, and which of them are protected. Tests replace them with
-- `songs.reset(list)` before opening the view: they get this very module from `require`.
local songs = { list = {} }

local defaults = {
  { id = "1", title = "Yellow Submarine", artist = "The Beatles" },
  { id = "2", title = "Dancing Queen", artist = "ABBA", protected = true },
  { id = "3", title = "Wonderwall", artist = "Oasis" },
}

function songs.reset(list)
  songs.list = {}
  for i, song in ipairs(list or defaults) do songs.list[i] = song end
end

function songs.find(id)
  for i, song in ipairs(songs.list) do
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

function songs.remove(id)
  local _, index = songs.find(id)
  if not index then return false end
  table.remove(songs.list, index)
  return true
end

songs.reset()
return songs
