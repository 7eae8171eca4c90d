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
