-- One row per song, each with a delete button as its child. It reads the songs from hub.store,
-- so a deleted song (here, on another screen, worker or process) reschedules it and the view
-- shows the data source as it is now.
local songs = require("data.songs")

local heard = require("data.heard")

return hub.operation {
  name = "songs",
  perform = function(ctx)
    for _, song in ipairs(songs.list()) do
      local row = ctx.view:body("song-" .. song.id)
      row.component = "songs:song"
      row.title = song.title
      row.subtitle = song.artist .. (song.protected and " (protected)" or "")
      row.target.uri = "songs:song:" .. song.id
      row.target.view.title = song.title
      row.target.view:body("loading").title = "Loading " .. song.title .. "..."
      local button = row:child("delete")
      button.component = "songs:delete"
      button.custom = { song = song.id }
    end
  end,
  -- Observers hear of every action, vetoed ones too (as in Hub Framework); `handled` says
  -- whether the feature's handler vetoed it.
  on_action = function(_ctx, action)
    if action.action == "delete:song" then
      heard[#heard + 1] = action.action .. " " .. action.custom.id .. (action.handled and " vetoed" or " performed")
    end
  end,
}
