-- Small operations used by the chain examples in feature.lua.
local M = {}

M.title_a = hub.operation {
  name = "a",
  perform = function(ctx)
    local row = ctx.view:body("component")
    row.title = "TitleA"
    row.subtitle = "Subtitle"
  end,
}

M.title_b = hub.operation {
  name = "b",
  perform = function(ctx)
    ctx.view:body("component").title = "TitleB"
  end,
}

M.add_a_and_b = hub.operation {
  name = "a",
  perform = function(ctx)
    ctx.view:body("A").title = "A"
    ctx.view:body("B").title = "B"
  end,
}

-- Adds C unless toggled off by the action "chain:toggle"; never cleans up after itself.
M.maybe_add_c = hub.operation {
  name = "c",
  perform = function(ctx)
    ctx.state.seen = #ctx.view:bodies()
    if not ctx.state.hide_c then
      ctx.view:body("C").title = "C"
    end
  end,
  on_action = function(ctx, action)
    if action.action == "chain:toggle" then
      ctx.state.hide_c = not ctx.state.hide_c
      ctx:reschedule()
    end
  end,
}

M.fetch_offline = hub.operation {
  name = "fetch",
  perform = function(ctx)
    ctx.view:body("partial").title = "kept even though the operation failed"
    ctx:fail { message = "offline", domain = "network", code = 7 }
  end,
}

M.show_error_banner = hub.operation {
  name = "banner",
  perform = function(ctx)
    if ctx.error then
      local e = ctx.error
      ctx.view:body("error-banner").title = "Error: " .. e.message .. " (" .. e.domain .. " " .. e.code .. ")"
    end
  end,
}

M.content = hub.operation {
  name = "content",
  perform = function(ctx)
    ctx.view:body("content").title = ctx.error and "unexpected error" or "content"
  end,
}

M.forward_error = hub.operation {
  name = "forward",
  perform = function(ctx)
    if ctx.error then
      ctx:fail(ctx.error)
    end
  end,
}

return M
