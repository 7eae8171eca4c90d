-- One row per planet, in order from the sun.
local planets = { "Mercury", "Venus", "Earth", "Mars" }

return hub.operation {
  name = "planets",
  perform = function(ctx)
    for _, name in ipairs(planets) do
      ctx.view:body { id = name:lower(), component = "planets:planet", title = name }
    end
  end,
}
