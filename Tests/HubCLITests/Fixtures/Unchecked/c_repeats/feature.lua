-- A component and an action registered twice, a schema nothing registers, content naming a
-- component nothing registers, and JSON files with mistakes.
local card = {
  size = function(_self, _model, container) return container.width, 1 end,
  render = function(_self, model, canvas) canvas:text(0, 0, model.title or "") end,
}

hub.component { id = "repeats:card", size = card.size, render = card.render }
hub.component { id = "repeats:card", size = card.size, render = card.render }

hub.action("repeats:buy", function() return true end)
hub.action("repeats:buy", function() return false end)

hub.feature {
  id = "repeats",
  uri = "repeats:home",
  schema = "catalogue",
  operations = { function(ctx)
    local card = ctx.view:body("card")
    card.component = "repeats:card"
    card.title = "A card"
    ctx.view:body("ghost").component = "repeats:ghost"
  end },
}
