-- A layout torture view: a header, full-width and compact components, a centered row, an
-- always-stack-upwards rule, an over-wide component, wide characters, clipping, two overlays.
hub.component {
  id = "t:full",
  traits = { "full_width", "stackable" },
  size = function(self, model, container) return container.width, 1 end,
  render = function(self, model, canvas) canvas:text(0, 0, model.title) end,
}

hub.component {
  id = "t:compact",
  traits = { "compact_width" },
  size = function(self, model, container)
    return model.custom.width, model.custom.height
  end,
  render = function(self, model, canvas)
    canvas:box(0, 0, canvas.width, canvas.height, "dim")
    canvas:sub(1, 1, canvas.width - 2, canvas.height - 2):text(0, 0, model.title, "bold")
  end,
}

hub.component {
  id = "t:centered",
  traits = { "centered" },
  size = function() return 10, 1 end,
  render = function(self, model, canvas) canvas:text(0, 0, "[" .. model.title .. "]", "inverse") end,
}

hub.component {
  id = "t:rule",
  traits = { "always_stack_upwards", "full_width" },
  size = function(self, model, container) return container.width, 1 end,
  render = function(self, model, canvas)
    canvas:hline(0, 0, canvas.width, "dim")
    canvas:text(2, 0, " " .. model.title .. " ")
  end,
}

hub.component {
  id = "t:toast",
  traits = {},
  size = function() return 14, 3 end,
  render = function(self, model, canvas)
    canvas:box(0, 0, canvas.width, canvas.height, "yellow")
    canvas:text(2, 1, model.title)
  end,
}

local function compact(view, id, title, width, height)
  view:body { id = id, component = "t:compact", title = title, custom = { width = width, height = height } }
end

hub.feature {
  id = "torture",
  title = "Torture",
  uri = "torture:view",
  operations = {
    function(ctx)
      local view = ctx.view
      view:header():set { component = "default:header", title = "Layout torture", subtitle = "traits, clipping, 全角" }
      view:body { id = "full-1", component = "t:full", title = "全角テキスト wide ✓ 🎉 then ASCII" }
      compact(view, "compact-1", "東京 Tokyo 🗼 a long title clipped at the edge", 20, 3)
      compact(view, "compact-2", "Two: 東京東京東京東京", 20, 3)
      compact(view, "compact-3", "Three wraps to a new row", 20, 3)
      view:body { id = "centered-1", component = "t:centered", title = "one" }
      view:body { id = "centered-2", component = "t:centered", title = "two" }
      view:body { id = "stack-up", component = "t:rule", title = "always stack upwards" }
      compact(view, "wide-compact", "wider than the container: trimmed", 70, 3)
      view:overlay { id = "loading", component = "default:activityIndicator", title = "Loading the torture view…" }
      view:overlay { id = "toast", component = "t:toast", title = "Saved ✓" }
    end,
  },
}
