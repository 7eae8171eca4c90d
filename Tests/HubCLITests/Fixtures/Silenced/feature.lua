-- A misspelled field of decoded JSON (`hourz` for `hours`): the first operation fails, the
-- second is handed the error and finishes normally, so the chain goes on. The author must still
-- be told.
hub.feature {
  id = "hours",
  uri = "hours:view",
  operations = {
    hub.operation { name = "hours", perform = function(ctx)
      local data = hub.json.decode('{"hours": [9, 17]}')
      ctx.view:body("open").title = "Open from " .. data.hourz[1] .. " h"
    end },
    hub.operation { name = "footer", perform = function(ctx)
      ctx.view:body("footer").title = "Have a nice day"
    end },
  },
}
