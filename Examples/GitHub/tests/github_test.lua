-- The GitHub schema, and JSON serialization of models.

local function ids(model)
  local list = {}
  for _, component in ipairs(model.body) do list[#list + 1] = component.id end
  return table.concat(list, ",")
end

hub.test("the custom schema maps search items to rows", function()
  local s = hub.open("github:search")
  assert(ids(s.model) == "spotify/HubFramework,lua/lua,swiftlang/swift", ids(s.model))
  local first = s.model.body[1]
  assert(first.title == "HubFramework")
  assert(first.subtitle == "Author: spotify", first.subtitle)
  assert(first.description == "A framework for building content-driven views")
  assert(first.target.uri == "https://github.com/spotify/HubFramework")
  assert(first.component == "default:row")
end)

hub.test("models serialize to the default schema and read back equal", function()
  local s = hub.open("github:search")
  local text = hub.json.encode(s.model, true)
  local again = hub.json.decode_view_model(text)
  assert(hub.json.encode(again, true) == text)
  assert(again.body[2].title == "lua" and again.body[2].target.uri == "https://github.com/lua/lua")
  local row = hub.json.decode(hub.json.encode(s.model.body[1]))
  assert(row.text.subtitle == "Author: spotify" and row.component.id == "default:row", hub.json.encode(s.model.body[1]))
end)

hub.test("encode writes keys in a stable order", function()
  assert(hub.json.encode({ b = 1, a = { 2, 3 }, c = "x" }) == '{"a":[2,3],"b":1,"c":"x"}')
end)

hub.test("malformed JSON fails add_json with its source, line and column", function()
  local ok, message = pcall(hub.json.decode, '{\n  "a": [1, 2\n}', "broken.json")
  assert(not ok)
  assert(message:find("malformed JSON: expected ',' or ']' in an array (byte 15) — broken.json:3:1", 1, true), message)
end)
