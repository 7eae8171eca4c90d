-- A feature that loads, next to two folders that do not.
hub.feature { id = "good", uri = "good:view", operations = { function(ctx) ctx.view:body("ok").title = "Good" end } }
