-- Registers the feature id the shop folder already registered.
hub.feature { id = "shop", uri = "again:home", operations = { function(ctx)
  ctx.view:body("row").title = "Again"
end } }
