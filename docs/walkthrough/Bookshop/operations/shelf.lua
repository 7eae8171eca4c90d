-- Hands an earlier failure on, so the view fails with it.
return hub.operation {
  name = "shelf",
  perform = function(ctx)
    if ctx.error then return ctx:fail(ctx.error) end
    ctx.view:body { id = "shelf", title = "On the shelf" }
  end,
}
