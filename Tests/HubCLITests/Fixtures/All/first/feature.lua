-- Opens same:home first; its operation names a component nothing registers.
hub.feature {
  id = "first",
  uri = "same:home",
  operations = { function(ctx)
    local row = ctx.view:body("row")
    row.title = "First"
    row.component = "first:ghost"
  end },
}
