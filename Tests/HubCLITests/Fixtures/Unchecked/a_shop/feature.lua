-- Opens every shop: URI.
hub.feature { id = "shop", uri_prefix = "shop:", operations = { function(ctx)
  ctx.view:body("welcome").title = "Welcome"
end } }
