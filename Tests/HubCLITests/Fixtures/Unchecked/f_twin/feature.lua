-- Registers the feature id the e_again folder registered first: neither folder loads.
hub.feature { id = "twin", uri = "twin:home", operations = { function(ctx)
  ctx.view:body("row").title = "Twin"
end } }
