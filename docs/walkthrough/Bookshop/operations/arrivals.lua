-- This week's new books, one field name misspelt.
return hub.operation {
  name = "arrivals",
  perform = function(ctx)
    local emma = ctx.view:body("emma")
    emma.titel = "Emma"
  end,
}
