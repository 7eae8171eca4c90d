-- The Cities feature of Hub Framework's getting-started guide, in Lua.
hub.feature {
  id = "cities",
  title = "Cities",
  uri = "cities:overview",
  operations = { require("operations.rows"), require("operations.images") },
}

require("components.row")
require("components.image")
