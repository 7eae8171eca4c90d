hub.test("the footer shows", function()
  local s = hub.open("hours:view")
  assert(s.model.body[#s.model.body].title == "Have a nice day")
end)
