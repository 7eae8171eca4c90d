-- A syntax error: the folder registers nothing.
hub.feature {
  id = "broken", uri = "broken:view",
  operations = { function(ctx) ctx.view:body("x").title = end },
}
