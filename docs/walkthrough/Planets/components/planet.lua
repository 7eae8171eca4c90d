-- A planet's row: its name in bold, its moons at the right end.
hub.component {
  id = "planets:planet",
  traits = { "full_width", "stackable" },
  size = function(_self, _model, container)
    return container.width, 1
  end,
  render = function(_self, model, canvas)
    local moons = model.accessory or ""
    canvas:text(1, 0, model.title, "bold")
    canvas:text(canvas.width - #moons - 1, 0, moons, "dim")
  end,
}
