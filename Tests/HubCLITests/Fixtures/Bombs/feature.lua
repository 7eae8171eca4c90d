-- Runaway features for the command-line limits tests.
hub.feature { id = "lua-bomb", uri = "bomb:lua", operations = { function(ctx)
  local t = {}
  for i = 1, 1e9 do t[i] = ("x"):rep(100) .. i end
end } }

hub.feature { id = "swift-bomb", uri = "bomb:swift", operations = { function(ctx)
  local big = string.rep("x", 1000000)
  for i = 1, 1e9 do ctx.view:body("row-" .. i).title = big end
end } }

hub.feature { id = "sleeper", uri = "bomb:sleep", operations = { function(ctx) hub.sleep(5e6) end } }

hub.feature { id = "spinner", uri = "bomb:spin", operations = { function(ctx) while true do end end } }
