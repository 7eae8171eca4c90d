-- A feature that prints while it loads and while it runs: none of it may reach the printed view.
print("printed while loading")
hub.feature { id = "printing", uri = "printing:view", operations = { function(ctx)
  print("printed by the operation")
  ctx.view:body("row").title = "Row"
end } }
