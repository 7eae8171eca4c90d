-- Features the server tests serve: one that shows its URI, one that finishes early and comes
-- back later, one that fails, one that never ends, a link to one that counts how many times its
-- worker loaded it, one that sleeps, and two whose reload policies keep their content.

hub.feature {
  id = "echo",
  uri_prefix = "echo:",
  operations = { function(ctx) ctx.view:body("uri").title = ctx.uri end },
}

hub.feature {
  id = "slow",
  uri = "slow:view",
  operations = {
    hub.operation {
      name = "later",
      perform = function(ctx)
        if ctx.state.done then
          ctx.view:body("status").title = "done"
          return
        end
        ctx.view:body("status").title = "waiting"
        ctx:finish()        -- the view shows "waiting" now
        hub.sleep(200)
        ctx.state.done = true
        ctx:reschedule()    -- and "done" when this runs again
      end,
    },
  },
}

hub.feature {
  id = "broken",
  uri = "broken:view",
  operations = {
    hub.operation {
      name = "fails",
      perform = function(ctx)
        ctx.view:body("row").title = "before the error"
        error("the backend is down")
      end,
    },
  },
}

hub.feature {
  id = "runaway",
  uri = "runaway:view",
  operations = { hub.operation { name = "forever", budget = 1000000, perform = function() while true do end end } },
}

hub.feature {
  id = "link",
  uri = "link:view",
  operations = { function(ctx) ctx.view:body("to-counted").target = "counted:view" end },
}

loads = 0
hub.feature {
  id = "counted",
  uri = "counted:view",
  operations = { function(ctx)
    loads = loads + 1
    ctx.view:body("loads").title = "loaded " .. loads .. " time(s)"
  end },
}

-- Sleeps as long as its URI says (`sleepy:view?ms=5000&n=1`), then notes in the store that
-- sleep `n` ended; `sleepy:count` shows how many did.
hub.feature {
  id = "sleepy",
  uri_prefix = "sleepy:",
  operations = {
    hub.operation {
      name = "sleep",
      perform = function(ctx)
        local ms = tonumber(ctx.uri:match("ms=(%d+)"))
        if ms then
          hub.sleep(ms)
          -- Written, never read: no other view is rescheduled by it.
          hub.store.set("slept/" .. (ctx.uri:match("n=(%d+)") or "0"), true)
          ctx.view:body("slept").title = "slept " .. ms .. " ms"
        else
          ctx.view:body("slept").title = "slept " .. #hub.store.list("slept/") .. " time(s)"
        end
      end,
    },
  },
}

-- Kept a minute by the server (`kept:<anything>`); `kept:write` writes what the others show.
kept_loads = 0
hub.feature {
  id = "kept",
  uri_prefix = "kept:",
  reload_policy = { max_age = 60000 },
  operations = { function(ctx)
    kept_loads = kept_loads + 1
    if ctx.uri == "kept:write" then hub.store.set("data", "fresh") end
    ctx.view:body("loads").title = "loaded " .. kept_loads .. " time(s)"
    ctx.view:body("data").title = hub.store.get("data") or "none"
  end },
}

-- Kept as long as its policy function says: it loads again over its first content only.
asked_loads = 0
hub.feature {
  id = "asked",
  uri = "asked:view",
  reload_policy = function(_uri, current) return current.body[1].title == "loaded 1 time(s)" end,
  operations = { function(ctx)
    asked_loads = asked_loads + 1
    ctx.view:body("loads").title = "loaded " .. asked_loads .. " time(s)"
  end },
}
