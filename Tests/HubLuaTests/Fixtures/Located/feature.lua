-- Mistakes whose errors must name the script's own lines.
hub.feature { id = "recursive", uri = "located:recursive", operations = { function(ctx)
  ctx.view:body("screen").title = hub.open("located:recursive").error and "inner failed" or "inner loaded"
end } }

hub.feature { id = "deep", uri = "located:deep", operations = { function(ctx)
  local t = setmetatable({}, { __index = function(t, k) return t[k] end })
  return t.x
end } }
