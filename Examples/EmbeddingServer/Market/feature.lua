-- The view the embedding server example answers with (Examples/EmbeddingServer): a basket whose
-- rows add one more of their fruit when selected.
local counts = { Apples = 2, Plums = 6 }

hub.feature {
  id = "market",
  title = "Basket",
  uri = "market:basket",
  operations = {
    hub.operation {
      name = "basket",
      perform = function(ctx)
        -- As a lookup of prices would: the view settles once the chain is done waiting.
        hub.sleep(5)
        for _, fruit in ipairs({ "Apples", "Plums" }) do
          ctx.view:body({ id = fruit, title = counts[fruit] .. " × " .. fruit }).target:add_action("market:add")
        end
      end,
      -- After an action, the basket is drawn again.
      on_action = function(ctx)
        ctx:reschedule()
      end,
    },
  },
}

hub.action("market:add", function(ctx)
  counts[ctx.component.id] = counts[ctx.component.id] + 1
  return true
end)
