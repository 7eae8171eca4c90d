-- The original demo app's GitHub search, with its custom JSON schema: the body comes from the
-- search result's items, each item's name is the title, its owner the subtitle, the whole item
-- the target, and the item's html_url the target URI.
hub.schema {
  id = "github",
  view = { body = { "items", hub.each } },
  component = {
    id = { "full_name" },
    title = { "name" },
    subtitle = { "owner", "login", function(login) return "Author: " .. login end },
    description = { "description" },
    target = {},
  },
  target = { uri = { "html_url" } },
}

hub.feature {
  id = "github",
  title = "GitHub",
  uri = "github:search",
  schema = "github",
  operations = {
    hub.operation {
      name = "results",
      perform = function(ctx)
        ctx.view:add_json(hub.read("data/search.json"), "data/search.json")
      end,
    },
  },
}
