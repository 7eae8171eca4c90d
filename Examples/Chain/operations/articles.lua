-- The content guide's paginated articles: a skeleton first, page 0 on load, then one page per
-- append.
local page_size = 10

local function load_page(ctx, page)
  for index = page * page_size + 1, (page + 1) * page_size do
    local article = ctx.view:body("article-" .. index)
    article.title = "Article " .. index
    article.description = "The body of article " .. index
  end
end

return hub.operation {
  name = "articles",
  initial = function(ctx) ctx.view:body("loading").title = "Loading articles…" end,
  perform = function(ctx) load_page(ctx, 0) end,
  append = function(ctx, page) load_page(ctx, page) end,
}
