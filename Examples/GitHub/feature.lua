-- The original demo app's GitHub search, with its custom JSON schema: the body comes from the
-- search result's items, each item's name is the title, its owner the subtitle, the whole item
-- the target, and the item's html_url the target URI.
--
-- The results are downloaded from a search backend on loopback (Scripts/demo starts one that
-- serves data/: `HubExampleBackend Examples/GitHub/data --port 8099`). `github:search?q=TEXT`
-- passes the query on. Under `hub test` the answers come from tests/http/ instead.
local BACKEND = "http://127.0.0.1:8099"

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
  uri_prefix = "github:search",
  schema = "github",
  hosts = { "127.0.0.1:8099" },
  operations = {
    hub.operation {
      name = "results",
      perform = function(ctx)
        local query = ctx.uri:match("%?q=(.+)$")
        local url = BACKEND .. "/search.json" .. (query and "?q=" .. query or "")
        local response = hub.http.get(url, { headers = { accept = "application/json" } })
        if response.status ~= 200 then
          ctx:fail { message = "the search answered " .. response.status, domain = "github", code = response.status }
          return
        end
        ctx.view:add_json(response.body, url)
      end,
    },
  },
}
