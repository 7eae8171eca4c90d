return hub.operation {
  name = "after",
  perform = function(ctx)
    if ctx.error then
      ctx.view:body("saw-error").title = ctx.error.message
    end
    ctx:fail(ctx.error and ctx.error.message or "no error")
  end,
}
