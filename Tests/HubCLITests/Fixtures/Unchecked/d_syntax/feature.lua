-- A feature with a syntax error: the folder does not load.
hub.feature { id = "syntax", uri = "syntax:home", operations = { function(ctx)
  ctx.view:body("row").title = "Unfinished"
end }
