-- One row per city: its name as the title, its country as the subtitle, and the city as target.
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
      row.target = "cities:city:" .. city[1]
    end
  end,
}
