-- Adds the image grid from a JSON file, as the guide's second content operation does.
return hub.operation {
  name = "images",
  perform = function(ctx)
    ctx.view:add_json(hub.read("data/city-images.json"))
  end,
}
