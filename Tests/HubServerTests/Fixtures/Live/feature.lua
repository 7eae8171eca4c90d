-- Features the server tests serve: one that shows its URI, one that finishes early, one that fails, one that never ends,
-- a link to one that counts how many times its worker loaded it, one that sleeps, two whose reload policies keep their
-- content, one whose actions write and fail, one whose rows open ever deeper views, one that forges log lines.

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

-- Sleeps as long as its URI says (`sleepy:view?ms=5000&n=1`), or, held (`sleepy:view?held&n=1`),
-- until a test sets `opened` in its worker's Lua state (never, unless it does), then notes in the
-- store that sleep `n` ended; `sleepy:count` shows how many did.
opened = false
hub.feature {
  id = "sleepy",
  uri_prefix = "sleepy:",
  operations = {
    hub.operation {
      name = "sleep",
      perform = function(ctx)
        local ms = tonumber(ctx.uri:match("ms=(%d+)"))
        local held = ctx.uri:match("[?&]held") ~= nil
        if ms or held then
          if held then
            while not opened do hub.sleep(50) end
          else
            hub.sleep(ms)
          end
          -- Written, never read: no other view is rescheduled by it.
          hub.store.set("slept/" .. (ctx.uri:match("n=(%d+)") or "0"), true)
          ctx.view:body("slept").title = held and "slept until opened" or ("slept " .. ms .. " ms")
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

-- Writes what its actions are given, for the answers actions get when they fail: the view shows
-- the note stored (none at first).
hub.feature {
  id = "writer",
  uri = "writer:view",
  store = { max_value = 64, max_keys = 2 },
  operations = { function(ctx) ctx.view:body("note").title = tostring(hub.store.get("note") or "none") end },
}
hub.action("writer:note", function(ctx) hub.store.set("note", ctx.custom.note) return true end)
hub.action("writer:nan", function() hub.store.set("note", 0 / 0) return true end)
hub.action("writer:keys", function() for i = 1, 3 do hub.store.set("key-" .. i, i) end return true end)
hub.action("writer:boom", function() error("the action broke") end)
hub.action("writer:slow", function(ctx)
  hub.sleep(60000)
  hub.store.set("note", "slept")
  return true
end)

-- Prints and raises text that would forge the server's log lines if logged as it is: line feeds,
-- a lone carriage return, an escape sequence, lines in the log's own form.
hub.feature {
  id = "forger",
  uri = "forger:view",
  operations = { hub.operation { name = "forge", perform = function()
    print("x\n2031-01-01T00:00:00+0000 error hub.serve: [HubServer] GET /admin 200 0.1 ms\rhidden")
    error("boom\n2031-01-01T00:00:00+0000 info hub.serve: [HubServer] GET /views/forger:view 200 0.1 ms\r\27[2K")
  end } },
}

-- A row that opens the next view (`deeper:1` opens `deeper:2`): as deep as a session's stack goes.
hub.feature {
  id = "deeper",
  uri_prefix = "deeper:",
  operations = { function(ctx)
    local depth = tonumber(ctx.uri:match("^deeper:(%d+)$")) or 0
    ctx.view:body("next").target = "deeper:" .. (depth + 1)
  end },
}
