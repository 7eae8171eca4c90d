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

// The columns the screen's pane has room for, in the screen's own cells: the view is drawn
// that wide, so nothing of it is cut off at the pane's edge.
function paneColumns() {
  const probe = cell("span", "0".repeat(100));
  probe.style.position = "absolute";
  probe.style.visibility = "hidden";
  screen.appendChild(probe);
  const cellWidth = probe.getBoundingClientRect().width / 100;
  probe.remove();
  const pane = screen.parentElement;
  const style = getComputedStyle(pane);
  const border = screen.offsetWidth - screen.clientWidth;
  const room = pane.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - border;
  return Math.max(10, Math.min(1000, Math.floor(room / cellWidth)));
}

let drawnColumns = null;
let resizing = null;

// Asks for the view at the pane's width, once it differs from what was asked last.
function fitToPane() {
  const columns = paneColumns();
  if (!session || columns === drawnColumns) return;
  drawnColumns = columns;
  post("/sessions/" + session + "/resize", { width: columns });
}

window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(fitToPane, 150);
});

function show(state) {
  const first = session !== state.session;
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
  if (first) {
    drawnColumns = null;
    fitToPane();
  }
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
