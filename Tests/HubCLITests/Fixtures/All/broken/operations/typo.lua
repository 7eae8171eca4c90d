-- 'perform' misspelt.
return hub.operation {
  perfrom = function(ctx) ctx.view:body("row").title = "Row" end,
}
