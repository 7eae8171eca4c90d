hub.prepend_operations {
  hub.operation { name = "prepended", perform = function(ctx) ctx:fail("prepended failed") end },
}

hub.append_operations {
  hub.operation {
    name = "appended",
    perform = function(ctx)
      ctx.view:body("appended").title = ctx.error and ctx.error.message or "no error"
    end,
  },
}

hub.feature {
  id = "managed",
  uri = "managed:view",
  operations = {
    hub.operation {
      name = "content",
      initial = function(ctx) ctx.view:body("skeleton").title = "Loading" end,
      perform = function(ctx)
        ctx.view:body("content").title = ctx.error and ctx.error.message or "no error"
        ctx:fail("content failed")
      end,
    },
  },
}

hub.feature {
  id = "misbehaving",
  uri = "misbehaving:yield",
  operations = { function(ctx)
    local ok, passed = pcall(coroutine.yield, "not a hub request")
    coroutine.yield()
    ctx.view:body("resumed").title = tostring(ok) .. " " .. tostring(passed)
  end },
}

hub.feature {
  id = "await-error",
  uri = "misbehaving:await",
  operations = { function(ctx) hub.await(function(done) error("cannot start") end) end },
}
