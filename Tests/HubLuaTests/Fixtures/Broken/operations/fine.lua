return hub.operation(function(ctx)
  ctx.view:body("kept").title = "Kept"
end)
