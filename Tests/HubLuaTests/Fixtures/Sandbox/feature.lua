hub.feature {
  id = "sandbox",
  uri = "sandbox:view",
  operations = { function(ctx) end },
}
