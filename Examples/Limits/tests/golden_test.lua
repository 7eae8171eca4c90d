-- Golden renders of the Limits features: next to the runaways, the others render as always.
-- `hub test --update Examples` rewrites them after a deliberate change.

hub.test("a feature next to runaways renders as its golden file at 60 and 40 columns", function()
  local spin = hub.open("limits:spin")
  assert(spin.error, "limits:spin should have failed")
  local s = hub.open("limits:fine")
  hub.expect_render(s, "golden/fine-60.txt", { width = 60 })
  hub.expect_render(s, "golden/fine-40.txt", { width = 40 })
end)
