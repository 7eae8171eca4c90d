-- The JSON programming guide's "Delicious Food" example: one operation adds the guide's JSON,
-- which uses the default component library (header, carousel of cards, section header, rows).
hub.feature {
  id = "food",
  title = "Food",
  uri = "food:overview",
  operations = {
    hub.operation {
      name = "json",
      perform = function(ctx)
        ctx.view:add_json(hub.read("data/food.json"), "data/food.json")
      end,
    },
  },
}
