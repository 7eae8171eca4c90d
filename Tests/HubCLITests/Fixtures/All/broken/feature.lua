-- Two broken operations, and a misspelt key in the feature table.
hub.feature {
  id = "broken",
  uri = "broken:home",
  timout = 500,
  operations = { require("operations.typo"), require("operations.bare") },
}
