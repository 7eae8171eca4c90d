-- A bookshop with one mistake of each kind, to show where Hub reports each.
hub.feature {
  id = "prices",
  uri = "books:prices",
  hosts = { "127.0.0.1:8099" },
  operations = { require("operations.prices"), require("operations.shelf") },
}

hub.feature {
  id = "arrivals",
  uri = "books:new",
  operations = { require("operations.arrivals") },
}

hub.feature {
  id = "picks",
  uri = "books:picks",
  operations = { require("operations.picks") },
}

require("components.cover")
require("actions")
