-- A folder that registers actions and a default handler, then fails: all of it is rolled back.
hub.action("broken:one", function() return true end)
hub.action_handler(function() return true end)
error("this folder fails after registering its actions")
