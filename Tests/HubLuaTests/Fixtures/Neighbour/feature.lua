-- A second feature folder, to check that nothing one folder does reaches another.
hub.feature { id = "neighbour", uri = "neighbour:view", operations = { function(ctx)
  ctx.view:body("probe").title = tostring(42) .. " " .. string.upper("ok") .. " " .. type(hub.open)
    .. " " .. hub.json.encode({ 1 }) .. " " .. hub.json.decode("[2]")[1]
end } }
