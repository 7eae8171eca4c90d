hub.test("a row per planet, each with its moons", function()
  local s = hub.open("planets:list")
  local rows = {}
  for _, row in ipairs(s.model.body) do rows[#rows + 1] = row.title .. ": " .. row.accessory end
  hub.expect_equal(rows, { "Mercury: 0 moons", "Venus: 0 moons", "Earth: 1 moon", "Mars: 2 moons" })
end)

hub.test("the list renders as its golden file", function()
  hub.expect_render(hub.open("planets:list"), "golden/list-30.txt", { width = 30 })
end)
