-- A song row: the title and artist on the left, its delete button (a managed child) on the right.
hub.component {
  id = "songs:song",
  traits = { "full_width", "stackable" },
  size = function(_self, _model, container)
    return container.width, 2
  end,
  render = function(self, model, canvas)
    canvas:text(1, 0, model.title or "", "bold")
    canvas:text(1, 1, model.subtitle or "", "dim")
    if model.children and model.children[1] then
      self:render_child(1, canvas, canvas.width - 10, 0, 9, 1)
    end
  end,
}

-- The delete button: selecting it performs `delete:song` with the song's id.
hub.component {
  id = "songs:delete",
  size = function(_self, _model, _container)
    return 9, 1
  end,
  render = function(_self, _model, canvas)
    canvas:text(0, 0, "[delete]")
  end,
  selection = function(self, state)
    if state == "selected" then
      self:perform("delete:song", { id = self._model.custom.song })
    end
  end,
  configure = function(self, model)
    self._model = model
  end,
}
