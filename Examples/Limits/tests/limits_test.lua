-- Each runaway ends within its limit, as an error naming the feature and the line.

local function failure(uri)
  local s = hub.open(uri)
  assert(s.error, uri .. " should have failed")
  return s.error
end

local function at_line(error, line)
  return error.location:match("feature%.lua:(%d+)$") == tostring(line)
end

hub.test("a runaway loop ends at its budget, at its line", function()
  local e = failure("limits:spin")
  assert(e.message == "instruction budget exceeded (1000000 instructions)", e.text)
  assert(at_line(e, 5), e.text)
end)

hub.test("a run that never finishes times out where it waits", function()
  local s = hub.open("limits:stuck")
  assert(s.loading and not s.error, "opening returns while only the timeout is left")
  hub.sleep(200)
  local e = s.error
  assert(e.message == "timed out after 200 ms", e.text)
  assert(at_line(e, 9), e.text)
end)

hub.test("an operation rescheduling itself forever is stopped", function()
  local e = failure("limits:again")
  assert(e.message == "rescheduled itself 50 times in a row with nothing else happening (a loop?)", e.text)
  assert(at_line(e, 13), e.text)
end)

hub.test("a pathological pattern ends at the budget too", function()
  local e = failure("limits:pattern")
  assert(e.message == "instruction budget exceeded (1000000 instructions)", e.text)
  assert(at_line(e, 17), e.text)
end)

hub.test("everything else keeps working", function()
  assert(hub.open("limits:fine").model.body[1].title == "still fine")
end)
