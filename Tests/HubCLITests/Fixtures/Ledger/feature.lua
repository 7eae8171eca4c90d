-- What the fault suite writes through hub serve: each `ledger:write` stores one entry under the
-- key its client names, so that every acknowledged write can be looked for afterwards; each
-- `ledger:count` adds one to the count the view shows, which open views must keep up with.
hub.feature {
  id = "ledger",
  uri = "ledger:view",
  operations = { function(ctx) ctx.view:body("count").title = tostring(hub.store.get("count") or 0) end },
}
hub.action("ledger:write", function(ctx)
  hub.store.set("entry/" .. ctx.custom.key, ctx.custom.value)
  return true
end)
hub.action("ledger:count", function()
  hub.store.update("count", function(n) return (n or 0) + 1 end)
  return true
end)
