-- The search results are downloaded over HTTP: under `hub test` each request is answered from
-- a recording in tests/http/ (`hub test --record Examples/GitHub` refreshes them from a running
-- backend), in virtual time. A request with no recording fails the test that made it.

hub.test("the results come from the recorded search", function()
  local s = hub.open("github:search")
  hub.expect_equal(s.chain[1].status, "finished")
  hub.expect_equal(#s.model.body, 3)
  hub.expect_equal(s.model.body[1].target.uri, "https://github.com/spotify/HubFramework")
end)

hub.test("a backend that is down fails the chain with the answer's status", function()
  local s = hub.open("github:search?q=down")
  local e = s.error
  hub.expect_equal({ e.domain, e.code, e.message, e.operation },
    { "github", 503, "the search answered 503", "results" })
  hub.expect_equal(#s.model.body, 0)
end)

hub.test("the backend's answer, as the operation gets it", function()
  local response = hub.http.get("http://127.0.0.1:8099/search.json?q=down")
  hub.expect_equal({ response.status, response.headers["retry-after"], response.body, response.from_cache },
    { 503, "60", "the search is down for maintenance\n", false })
end)
