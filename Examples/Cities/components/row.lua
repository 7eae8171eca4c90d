-- A full-width row, two lines high: the title, then the subtitle dimmed.
hub.component {
  id = "cities:row",
  traits = { "full_width", "stackable" },
  size = function(_self, _model, container)
    return container.width, 2
  end,
  render = function(_self, model, canvas)
    canvas:text(1, 0, model.title or "", "bold")
    canvas:text(1, 1, model.subtitle or "", "dim")
  end,
}
