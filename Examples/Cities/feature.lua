-- The Cities feature of Hub Framework's getting-started guide, in Lua.
hub.feature {
  id = "cities",
  title = "Cities",
  uri = "cities:overview",
  operations = { require("operations.rows"), require("operations.images") },
}

-- A city, opened by selecting its row.
hub.feature {
  id = "city",
  title = "City",
  uri_prefix = "cities:city:",
  operations = { require("operations.city") },
}

require("components.row")
require("components.image")
