-- A prompt waiting for a person to type an answer: `ask(question, done)` shows the question and
-- keeps `done`; `answer(text)` (what the person types; nil to cancel) calls it. There is no
-- person in a test, so the test answers.
local prompt = { question = nil }
local waiting = nil

function prompt.ask(question, done)
  prompt.question = question
  waiting = done
end

function prompt.answer(text)
  local done = waiting
  prompt.question, waiting = nil, nil
  if done then done(text) end
end

return prompt
