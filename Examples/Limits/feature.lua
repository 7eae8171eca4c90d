-- Features that misbehave on purpose, to show how Hub stops them (docs/limits.md): each ends as
-- an ordinary error at its own line, and everything else keeps working.

hub.feature { id = "spin", uri = "limits:spin", budget = 1000000, operations = { function(_ctx)
  while true do end
end } }

hub.feature { id = "stuck", uri = "limits:stuck", timeout = 200, operations = { function(_ctx)
  hub.await(function(_done) end)
end } }

hub.feature { id = "again", uri = "limits:again", max_reschedules = 50, operations = { function(ctx)
  ctx:reschedule()
end } }

hub.feature { id = "pattern", uri = "limits:pattern", budget = 1000000, operations = { function(ctx)
  ctx.view:body("found").title = tostring(string.rep("a", 60):find(".-.-.-.-.-b"))
end } }

hub.feature { id = "fine", uri = "limits:fine", operations = { function(ctx)
  ctx.view:body("ok").title = "still fine"
end } }
