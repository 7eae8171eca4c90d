-- Each planet's moons, on the rows the operation before this one made.
local moons = { mercury = 0, venus = 0, earth = 1, mars = 2 }

return hub.operation {
  name = "moons",
  perform = function(ctx)
    for _, row in ipairs(ctx.view:bodies()) do
      local count = moons[row.id]
      row.accessory = count == 1 and "1 moon" or count .. " moons"
    end
  end,
}
