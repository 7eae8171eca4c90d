-- Removes the song `ctx.custom.id` from the data source; performed when it was there.
local songs = require("data.songs")

hub.action("delete:song", function(ctx)
  return songs.remove(ctx.custom.id)
end)
