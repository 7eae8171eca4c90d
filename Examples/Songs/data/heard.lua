-- What the songs operation heard of the delete actions performed in its views, oldest first
-- (the tests read it).
return {}
