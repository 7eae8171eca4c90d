-- Tests of the Food example: the guide's JSON becomes a header, a carousel and three rows.

hub.test("the header, carousel, section header and rows come from the JSON", function()
  local s = hub.open("food:overview", { width = 80 })
  local model = s.model
  assert(model.header.title == "Delicious Food")
  assert(model.header.component == "default:header")
  assert(model.header.background_image.placeholder == "food")
  local ids = {}
  for _, component in ipairs(model.body) do ids[#ids + 1] = component.id end
  assert(table.concat(ids, ",") == "featured,sectionHeader,row-0,row-1,row-2", table.concat(ids, ","))
  local carousel = model.body[1]
  assert(carousel.component == "default:carousel" and #carousel.children == 3)
  assert(carousel.children[2].title == "Noodles")
  assert(carousel.children[3].target.uri == "https://en.wikipedia.org/wiki/Hot_dog")
end)

hub.test("the render shows every title", function()
  local text = hub.open("food:overview", { width = 80 }):render()
  for _, title in ipairs({ "Delicious Food", "Great quick meals", "Hamburger", "Noodles", "Hot Dogs",
                           "Delicious Swedish Food", "Meatballs & mashed potatoes", "Fried herring",
                           "Cinnamon bun" }) do
    assert(text:find(title, 1, true), title .. " missing from:\n" .. text)
  end
end)
