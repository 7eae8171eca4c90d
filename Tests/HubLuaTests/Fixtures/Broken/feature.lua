hub.feature {
  id = "broken",
  title = "Broken",
  uri = "broken:view",
  operations = { require("operations.fine"), require("operations.explode"), require("operations.after") },
}
