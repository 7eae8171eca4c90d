return hub.operation {
  name = "explode",
  perform = function(ctx)
    error("boom")
  end,
}
