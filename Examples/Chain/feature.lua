-- The content programming guide's examples of the content loading chain, one small feature each.
local ops = require("operations.examples")

-- Operation B changes the title operation A gave to the same component.
hub.feature {
  id = "titles", title = "Titles", uri = "chain:titles",
  operations = { ops.title_a, ops.title_b },
}

-- A rescheduled operation starts again from the snapshot it received last time.
hub.feature {
  id = "snapshots", title = "Snapshots", uri = "chain:snapshots",
  operations = { ops.add_a_and_b, ops.maybe_add_c },
}

-- An error flows on as the next operation's ctx.error; a normal finish silences it.
hub.feature {
  id = "errors", title = "Errors", uri = "chain:errors",
  operations = { ops.fetch_offline, ops.show_error_banner, ops.content },
}

-- The same error forwarded to the end of the chain fails the load.
hub.feature {
  id = "forwarded", title = "Forwarded", uri = "chain:forwarded",
  operations = { ops.fetch_offline, ops.forward_error },
}

-- Pagination: each page appends ten articles.
hub.feature {
  id = "articles", title = "Articles", uri = "chain:articles",
  operations = { require("operations.articles") },
}

-- Asynchronous work: finish early with a placeholder, keep working, then reschedule.
hub.feature {
  id = "search", title = "Search", uri = "chain:search",
  operations = { require("operations.search") },
}

-- A factory makes the operations per view URI; connectivity reaches every operation.
hub.feature {
  id = "factory", title = "Factory", uri_prefix = "chain:factory:",
  operations = {
    hub.factory(function(uri)
      local name = uri:match("^chain:factory:(.*)$")
      return {
        function(ctx) ctx.view:body("greeting").title = "Hello " .. name end,
        function(ctx) ctx.view:body("connectivity").title = ctx.connectivity end,
      }
    end),
  },
}

-- A reload policy decides whether a plain load runs the chain again; reload() always does.
hub.feature {
  id = "policy", title = "Policy", uri = "chain:policy",
  reload_policy = function(_uri, current)
    return current.body[1].title ~= "fresh"
  end,
  operations = { function(ctx) ctx.view:body("item").title = "fresh" end },
}
