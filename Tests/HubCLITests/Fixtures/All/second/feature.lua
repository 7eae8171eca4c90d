-- Claims same:home too, after the first feature: it never gets it.
hub.feature { id = "second", uri = "same:home", operations = { function(ctx)
  ctx.view:body("row").title = "Second"
end } }
