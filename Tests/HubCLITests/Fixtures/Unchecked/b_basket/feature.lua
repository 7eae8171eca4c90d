-- Claims shop:basket, which the shop feature (registered first) already opens.
hub.feature { id = "basket", uri = "shop:basket", operations = { function(ctx)
  ctx.view:body("empty").title = "Your basket is empty"
end } }
