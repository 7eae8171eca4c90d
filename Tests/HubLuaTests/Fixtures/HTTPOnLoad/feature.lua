local r = hub.http.get("http://127.0.0.1:9/")
hub.feature { id = "http-on-load", uri = "http-on-load:view", hosts = { "127.0.0.1:*" }, operations = { function() end } }
