-- Buying a book, which the till refuses today.
hub.action("books:buy", function(ctx)
  error("the till is closed: cannot sell " .. ctx.component.title)
end)
