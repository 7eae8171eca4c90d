-- The demo app's search pattern: show a placeholder at once, download in the background
-- (simulated with hub.await and hub.after), store the result, then reschedule to show it.
local function download(query, done)
  hub.after(300, function()
    done({ query .. " one", query .. " two", query .. " three" })
  end)
end

return hub.operation {
  name = "search",
  perform = function(ctx)
    local results = ctx.state.results
    if results then
      for index, result in ipairs(results) do
        ctx.view:body("result-" .. index).title = result
      end
      return
    end
    ctx.view:body("searching").title = "Searching…"
    if ctx.state.started then return end
    ctx.state.started = true
    ctx:finish()
    hub.sleep(100)
    ctx.state.results = hub.await(function(done) download("lua", done) end)
    ctx:reschedule()
  end,
}
