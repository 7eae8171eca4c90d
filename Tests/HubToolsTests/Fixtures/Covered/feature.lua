-- A feature whose test runs some of its lines, not all: CoverageTests counts them.
hub.feature {
  id = "covered",
  title = "Covered",
  uri = "covered:main",
  operations = { require("operations.greeting") },
}
