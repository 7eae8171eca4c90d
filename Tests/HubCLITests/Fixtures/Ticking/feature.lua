-- An operation that reschedules itself twice, 200 ms apart, after it finished: `hub watch`
-- redraws the view each time, with no file edited.
hub.feature {
  id = "ticking",
  uri = "ticking:view",
  operations = {
    hub.operation { name = "tick", perform = function(ctx)
      ctx.state.runs = (ctx.state.runs or 0) + 1
      ctx.view:body("runs").title = "run " .. ctx.state.runs
      if ctx.state.runs < 3 then hub.after(200, function() ctx:reschedule() end) end
    end },
  },
}
