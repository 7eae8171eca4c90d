-- Its operation requires a data module that is not there.
hub.feature { id = "missing", uri = "missing:home", operations = { require("operations.songs") } }
