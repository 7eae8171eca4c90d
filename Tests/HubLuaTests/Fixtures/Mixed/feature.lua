-- Lua that meets Swift: a Lua feature drawn by a Swift component (`swift:tag`, registered by
-- the test before loading this folder), and a Lua component a Swift feature uses.

hub.feature {
  id = "basket",
  title = "Basket",
  uri = "mixed:basket",
  operations = {
    function(ctx)
      for i, fruit in ipairs({ "Apples", "Pears" }) do
        ctx.view:body { id = fruit, component = "swift:tag", title = fruit, accessory = tostring(i * 3) }
      end
      ctx.view:body("note").title = ctx.error and ("after " .. ctx.error.message) or "no error before"
    end,
  },
}

hub.component {
  id = "lua:stars",
  traits = { "full_width", "stackable" },
  size = function(self, model, container) return container.width, 1 end,
  render = function(self, model, canvas)
    canvas:text(0, 0, string.rep("*", tonumber(model.accessory) or 0) .. " " .. (model.title or ""))
  end,
}
