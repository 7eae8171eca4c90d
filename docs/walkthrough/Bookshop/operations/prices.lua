-- Fetches today's prices from a host the feature does not list.
return hub.operation {
  name = "prices",
  perform = function(ctx)
    local response = hub.http.get("https://prices.example.com/today.json")
    ctx.view:body { id = "count", title = #response.json .. " prices" }
  end,
}
