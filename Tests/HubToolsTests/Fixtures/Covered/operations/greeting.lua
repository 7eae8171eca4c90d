-- Greets each name: short names by shouting. One function no test calls.
local names = { "Ada", "Grace", "Edsger" }

local note = [[
a long string
over three lines]]

local function shout(text)
  return text:upper() .. "!"
end

local function unused()
  return "never"
end

return hub.operation {
  name = "greeting",
  perform = function(ctx)
    for i, name in ipairs(names) do
      local row = ctx.view:body("name-" .. i)
      if #name > 3 then
        row.title = "Hello, " .. name
      else
        row.title = shout(name)
      end
    end
    ctx.view.title = note
  end,
}
