-- Adds one row per city: its name as the title and its country as the subtitle.
local cities = {
  { "Madrid", "Spain" },
  { "Rome", "Italy" },
  { "Berlin", "Germany" },
  { "Amsterdam", "Netherlands" },
}

return hub.operation {
  name = "rows",
  perform = function(ctx)
    for _, city in ipairs(cities) do
      local row = ctx.view:body("city-" .. city[1])
      row.component = "cities:row"
      row.title = city[1]
      row.subtitle = city[2]
    end
  end,
}
