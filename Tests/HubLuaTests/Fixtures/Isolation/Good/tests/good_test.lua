hub.test("the good feature works while others failed to load", function()
  assert(hub.open("good:view").model.body[1].title == "Good")
end)
