-- The action programming guide's example, in Lua: a list of songs, each with a delete button.
-- The button (a component) performs `delete:song` with the song's id; the action removes the
-- song from the data source in hub.store; the operation read it, so it reschedules and the song
-- disappears. The feature's action handler vetoes deleting protected songs. A song's own view
-- (the `song` feature) reads the same data: it shares the `songs` namespace.
local songs = require("data.songs")

hub.feature {
  id = "songs",
  title = "Songs",
  uri = "songs:list",
  operations = { require("operations.songs") },
  action_handler = function(ctx)
    -- Handled here (so not performed): a protected song is never deleted.
    return ctx.action == "delete:song" and songs.is_protected(ctx.custom.id)
  end,
}

hub.feature {
  id = "song",
  title = "Song",
  uri_prefix = "songs:song:",
  operations = { require("operations.song") },
  store = { shares = { "songs" } },
}

require("components.song")
require("actions.delete")
