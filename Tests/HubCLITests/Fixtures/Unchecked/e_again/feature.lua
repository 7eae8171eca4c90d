-- Registers the feature id the f_twin folder registers too: neither folder loads.
hub.feature { id = "twin", uri = "again:home", operations = { function(ctx)
  ctx.view:body("row").title = "Again"
end } }
