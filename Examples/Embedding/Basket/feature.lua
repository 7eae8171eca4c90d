-- A Lua feature whose rows are drawn by `shop:price`, a component the host program registers in
-- Swift (Examples/Embedding/main.swift). Rendered without that program, the rows fall back to
-- the default library's row.
hub.feature {
  id = "basket",
  title = "Basket",
  uri = "shop:basket",
  operations = {
    function(ctx)
      for _, item in ipairs({ { "Apples", 2, 3 }, { "Plums", 6, 1 } }) do
        local name, count, price = item[1], item[2], item[3]
        ctx.view:body {
          id = name,
          component = "shop:price",
          title = count .. " × " .. name,
          accessory = tostring(count * price),
        }
      end
    end,
  },
}
