-- Author tests for the Cities feature, run by `hub test Examples`.

hub.test("rows come first, one per city, in order", function()
  local s = hub.open("cities:overview", { width = 60 })
  local ids = {}
  for _, component in ipairs(s.model.body) do ids[#ids + 1] = component.id end
  hub.expect_equal(ids, {
    "city-Madrid", "city-Rome", "city-Berlin", "city-Amsterdam", "image-0", "image-1", "image-2", "image-3",
  })
  assert(s.model.title == "Cities")
  assert(s.model.body[2].title == "Rome" and s.model.body[2].subtitle == "Italy")
  assert(s.model.body[1].component == "cities:row")
end)

hub.test("images come from city-images.json with background URIs", function()
  local s = hub.open("cities:overview")
  local image = s.model.body[5]
  assert(image.id == "image-0", image.id)
  assert(image.component == "cities:image")
  assert(image.background_image.uri:match("getting%-started%-tokyo%.jpg$"), image.background_image.uri)
end)

hub.test("the render shows every city and two images per row", function()
  local text = hub.open("cities:overview", { width = 60 }):render()
  for _, city in ipairs({ "Madrid", "Rome", "Berlin", "Amsterdam" }) do
    assert(text:find(city, 1, true), city .. " missing")
  end
  assert(text:find("image%-0%s+│ │ image%-1"), "image-0 and image-1 should share a row:\n" .. text)
  assert(text:find("image%-2%s+│ │ image%-3"), "image-2 and image-3 should share a row:\n" .. text)
end)

hub.test("selecting a city's row opens the city", function()
  local s = hub.open("cities:overview", { width = 60 })
  assert(s.model.body[3].target.uri == "cities:city:Berlin", s.model.body[3].target.uri)
  s:render()
  assert(s:select("city-Berlin"))
  assert(table.concat(s.stack, " > ") == "cities:overview > cities:city:Berlin", table.concat(s.stack, " > "))
  assert(s.model.title == "Berlin" and s.model.body[1].title == "Germany's capital, on the Spree.", s:render())
end)
