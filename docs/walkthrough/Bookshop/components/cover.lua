-- A book's cover: its title and its author, who the picks never set.
hub.component {
  id = "books:cover",
  size = function(_self, _model, container)
    return container.width, 1
  end,
  render = function(_self, model, canvas)
    canvas:text(0, 0, model.title .. " by " .. model.subtitle)
  end,
}
