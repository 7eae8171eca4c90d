-- Registers a feature, a schema, a prepended operation and a component namespace, then fails:
-- all of it is rolled back.
hub.schema { id = "half", component = { title = { "name" } } }
hub.prepend_operations { function(ctx) ctx.view:body("half-was-here").title = "should not be prepended" end }
hub.feature { id = "half", uri = "half:view", operations = { function(ctx) end } }
require("components.tag")
