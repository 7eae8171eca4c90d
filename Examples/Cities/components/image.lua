-- A compact image about half the width, drawn as a framed placeholder naming the image.
local function file_name(uri)
  return (uri or ""):match("([^/]+)$") or ""
end

hub.component {
  id = "cities:image",
  traits = { "compact_width" },
  size = function(_self, _model, container)
    local width = (container.width - 3) // 2
    return width, 5
  end,
  render = function(_self, model, canvas)
    local inner = canvas.width - 4
    canvas:box(0, 0, canvas.width, canvas.height, "dim")
    canvas:text(2, 1, model.id:sub(1, inner))
    local image = model.background_image or model.main_image
    if image then
      canvas:text(2, 2, file_name(image.uri):sub(1, inner), "dim")
    end
    canvas:text(2, 3, string.format("[%dx%d]", canvas.width, canvas.height), "dim")
  end,
}
