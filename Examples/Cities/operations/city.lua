-- One city's view (`cities:city:<name>`): its name as the title, and a line about it.
local about = {
  Madrid = "Spain's capital, on the Manzanares.",
  Rome = "Italy's capital, on the Tiber.",
  Berlin = "Germany's capital, on the Spree.",
  Amsterdam = "The Netherlands' capital, on the Amstel.",
}

return hub.operation {
  name = "city",
  perform = function(ctx)
    local name = ctx.uri:match("^cities:city:(.+)$")
    if not about[name] then
      ctx:fail { message = "no city '" .. tostring(name) .. "'", domain = "cities" }
      return
    end
    ctx.view.title = name
    local row = ctx.view:body("about")
    row.component = "cities:row"
    row.title = about[name]
  end,
}
