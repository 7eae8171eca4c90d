-- Lua components using the optional capabilities: managed children, images, UI state, selection.
hub.register_image("https://img/photo.jpg", 2048)

local components = {}

components.gallery = {
  traits = { "full_width" },
  size = function(self, model, container)
    local _, height = self:child_size(1, container.width, container.height)
    return container.width, height + 1
  end,
  render = function(self, model, canvas)
    canvas:text(0, 0, model.title)
    local x = 0
    for i = 1, #model.children do
      local width, height = self:child_size(i, canvas.width, canvas.height)
      self:render_child(i, canvas, x, 1, width, height)
      x = x + width + 1
    end
  end,
}

components.photo = {
  traits = { "compact_width" },
  size = function() return 14, 2 end,
  image_size = function(self, image, model, container) return 14, 2 end,
  on_image = function(self, image, model)
    self.loaded = image.name .. " " .. image.width .. "x" .. image.height
  end,
  prepare = function(self) self.loaded = nil end,
  render = function(self, model, canvas)
    canvas:text(0, 0, model.title)
    canvas:text(0, 1, self.loaded or "loading")
  end,
}

components.counter = {
  traits = { "full_width", "stackable" },
  size = function(self, model, container) return container.width, 1 end,
  ui_state = function(self) return { count = self.count or 0 } end,
  restore = function(self, state) self.count = state.count end,
  selection = function(self, state)
    self.state = state
    if state == "selected" then self.count = (self.count or 0) + 1 end
  end,
  render = function(self, model, canvas)
    canvas:text(0, 0, model.title .. " " .. (self.state or "none") .. " " .. (self.count or 0))
  end,
}

hub.components("w", function(name) return components[name] end)

hub.feature {
  id = "widgets",
  uri = "widgets:view",
  operations = {
    function(ctx)
      local gallery = ctx.view:body { id = "gallery", component = "w:gallery", title = "Gallery" }
      gallery:child { id = "p1", component = "w:photo", title = "One", main_image = "https://img/photo.jpg" }
      gallery:child { id = "p2", component = "w:photo", title = "Two", main_image = "https://img/missing.jpg" }
      gallery:child { id = "p3", component = "w:photo", title = "Three", main_image = { ["local"] = "images/logo.png" } }
      ctx.view:body { id = "counter", component = "w:counter", title = "Counter" }
    end,
  },
}
