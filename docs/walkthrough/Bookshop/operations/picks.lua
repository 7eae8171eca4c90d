-- The staff's pick, drawn by the cover component and bought by an action.
return hub.operation {
  name = "picks",
  perform = function(ctx)
    local dune = ctx.view:body { id = "dune", component = "books:cover", title = "Dune" }
    dune.target:add_action("books:buy")
  end,
}
