import Hummingbird

/// The preview page: one static page whose script opens `/preview/{uri}/updates` (a live session
/// on the server) and shows each state the session sends: the view drawn as text, a box over
/// every component (a click selects it: its actions run, and a target opens on top, with a
/// back button), and the chain panel (each operation's status, runs, time and error). The same
/// page serves every view URI: the script reads it from the page's own path.
enum PreviewPage {
    static var response: Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: bytes))
    }

    /// The page's bytes, made once (every response shares them).
    private static let bytes = ByteBuffer(string: html)

    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Hub preview</title>
        <style>
          :root { --line: 1.25em; }
          body { margin: 0; font: 14px system-ui, sans-serif; display: flex; min-height: 100vh; color: #222; }
          main { flex: 1; padding: 12px 16px; overflow: auto; }
          nav { display: flex; gap: 8px; align-items: center; margin-bottom: 8px; }
          nav .stack { font-family: monospace; color: #555; }
          #status { margin-left: auto; color: #888; }
          #screen { position: relative; display: inline-block; font: 14px/var(--line) monospace; background: #fafafa;
                    border: 1px solid #ddd; padding: 0; }
          #text { margin: 0; font: inherit; white-space: pre; }
          .component { position: absolute; box-sizing: border-box; cursor: pointer; border: 1px solid transparent; }
          .component:hover { border-color: #2a7ae2; background: rgba(42, 122, 226, 0.08); }
          aside { width: 340px; border-left: 1px solid #ddd; padding: 12px 16px; background: #f6f6f6; }
          aside h2 { font-size: 14px; margin: 0 0 8px; }
          table { border-collapse: collapse; width: 100%; font-size: 13px; }
          td, th { text-align: left; padding: 3px 4px; border-bottom: 1px solid #e4e4e4; vertical-align: top; }
          .failed { color: #b00020; }
          .running { color: #a26b00; }
          #error { color: #b00020; white-space: pre-wrap; font-family: monospace; font-size: 12px; }
        </style>
        </head>
        <body>
        <main>
          <nav>
            <button id="back" type="button" disabled>◀ Back</button>
            <span class="stack" id="stack"></span>
            <span id="status">connecting…</span>
          </nav>
          <div id="screen"><pre id="text"></pre></div>
        </main>
        <aside>
          <h2>Chain</h2>
          <table><thead><tr><th>operation</th><th>status</th><th>runs</th><th>ms</th></tr></thead><tbody id="chain"></tbody></table>
          <p id="error"></p>
        </aside>
        <script>
        "use strict";
        const uri = decodeURIComponent(location.pathname.slice("/preview/".length));
        const screen = document.getElementById("screen");
        const text = document.getElementById("text");
        let session = null;
        let updates = 0;

        function cell(tag, content, className) {
          const element = document.createElement(tag);
          element.textContent = content;
          if (className) element.className = className;
          return element;
        }

        function show(state) {
          session = state.session;
          updates += 1;
          document.body.dataset.updates = String(updates);
          document.title = (state.title || state.uri) + " — Hub preview";
          document.getElementById("stack").textContent = state.stack.join(" › ");
          document.getElementById("back").disabled = state.stack.length < 2;
          document.getElementById("status").textContent = state.loading ? "loading…" : "live";
          text.textContent = state.text;
          for (const box of screen.querySelectorAll(".component")) box.remove();
          for (const component of state.components) {
            const box = document.createElement("div");
            box.className = "component";
            box.dataset.component = component.id;
            box.dataset.path = component.path.join(".");
            box.title = component.id;
            box.style.left = component.x + "ch";
            box.style.top = "calc(" + component.y + " * var(--line))";
            box.style.width = component.width + "ch";
            box.style.height = "calc(" + component.height + " * var(--line))";
            box.addEventListener("click", (event) => {
              event.stopPropagation();
              const target = component.type === "body" ? { path: component.path } : { component: component.id };
              post("/sessions/" + session + "/select", target);
            });
            screen.appendChild(box);
          }
          const chain = document.getElementById("chain");
          chain.replaceChildren(...state.chain.map((row) => {
            const line = document.createElement("tr");
            line.append(cell("td", row.name), cell("td", row.status, row.status), cell("td", String(row.runs)),
                        cell("td", row.milliseconds == null ? "" : row.milliseconds.toFixed(1)));
            if (row.error) line.title = row.error;
            return line;
          }));
          document.getElementById("error").textContent = state.error || "";
        }

        async function post(path, body) {
          if (!session) return;
          const response = await fetch(path, {
            method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {}),
          });
          if (!response.ok) {
            const problem = await response.json().catch(() => ({ detail: response.statusText }));
            document.getElementById("error").textContent = problem.detail;
          }
        }

        document.getElementById("back").addEventListener("click", () => post("/sessions/" + session + "/back"));

        const source = new EventSource("/preview/" + encodeURIComponent(uri) + "/updates" + location.search);
        source.addEventListener("state", (event) => show(JSON.parse(event.data)));
        source.addEventListener("error", () => {
          document.getElementById("status").textContent = "disconnected, retrying…";
        });
        </script>
        </body>
        </html>
        """#
}
