-- A song's own view: its title and artist, once they have been fetched.
local songs = require("data.songs")

return hub.operation {
  name = "song",
  perform = function(ctx)
    local id = ctx.uri:match("^songs:song:(.+)$")
    local song = hub.await(function(done) songs.fetch(id, done) end)
    ctx.view.title = song and song.title or "Unknown song"
    ctx.view:body("artist").title = song and song.artist or "?"
  end,
}
