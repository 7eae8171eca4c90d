hub.component { id = "half:tag", size = function(self, m, c) return c.width, 1 end, render = function() end }
local missing = nil
return missing.field
