-- The inner planets, in order from the sun, with their moons.
hub.feature {
  id = "planets",
  title = "Planets",
  uri = "planets:list",
  operations = { require("operations.planets"), require("operations.moons") },
}

require("components.planet")
