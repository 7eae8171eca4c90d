-- Forgets to return its operation.
hub.operation(function(ctx)
  ctx.view:body("row").title = "Row"
end)
