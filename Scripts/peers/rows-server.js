// The peer `Scripts/bench serve` measures `hub serve` against (serve_vs_node): a Node `http`
// server, one process, that builds the JSON of the benchmark's rows view on every request, the
// same bytes `hub serve` answers for `GET /views/rows:view` (the benchmark checks that once).
//
//   node Scripts/peers/rows-server.js COUNT [PORT]
//
// Listens on 127.0.0.1:PORT (0, the default: any free port) and prints `listening on PORT`.
"use strict";
const http = require("http");

const count = Number(process.argv[2] || 100);
const port = Number(process.argv[3] || 0);

/** The view of `count` rows, as `hub serve` writes it: keys in the same order. */
function view() {
  const body = [];
  for (let i = 1; i <= count; i++) {
    body.push({
      component: { category: "row", id: "default:row" },
      id: "row-" + i,
      text: { subtitle: "Subtitle " + i, title: "Row " + i },
    });
  }
  return { body, title: "rows" };
}

const server = http.createServer((request, response) => {
  const json = Buffer.from(JSON.stringify(view()));
  response.writeHead(200, { "Content-Type": "application/json", "Content-Length": json.length });
  response.end(json);
});
server.keepAliveTimeout = 60_000;
server.listen(port, "127.0.0.1", () => {
  console.log("listening on " + server.address().port);
});
