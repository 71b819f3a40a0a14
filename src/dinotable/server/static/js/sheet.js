// The rules at hand on the board: a tap or click on a component opens its reference entry (the game's
// reference(), as the terminal's `help NAME` gives it), and on a target nobody may choose now, the reason.
// Boards mark what they draw: data-ref="<printed name>" on a component, data-target="key:value" on a target
// of a decision (the keys of action_info, as the engine's targets() gives them). A button that takes an
// action is left to do that.
import { el, clear } from "./dom.js";

let entries = {};
let lowered = {};

/** The reference entries, by printed name (from /api/games/<game>/reference). */
export function setReference(reference) {
  entries = reference || {};
  lowered = Object.fromEntries(Object.entries(entries).map(([name, text]) => [name.toLowerCase(), [name, text]]));
}

function entryFor(name) {
  if (!name) return null;
  if (name in entries) return [name, entries[name]];
  return lowered[name.toLowerCase()] || null;
}

/** "space:site_a" for {"space": "site_a"}: how a target is named in a board's data-target. */
export function targetKey(target) {
  return Object.entries(target).map(([key, value]) => `${key}:${value}`).join(",");
}

/** Marks each target of the board that the seat cannot choose now with its reason. */
export function markUnavailable(boardBox, state) {
  for (const { target, reason } of state.unavailable || []) {
    for (const node of boardBox.querySelectorAll(`[data-target="${CSS.escape(targetKey(target))}"]`)) {
      node.classList.add("unavailable");
      node.dataset.reason = reason;
      if (!node.title) node.title = reason;
      makeTappable(node);
    }
  }
  // Every copy of a component answers a tap; the keyboard stops at the first of each kind only (thirty bone
  // tokens are one entry, not thirty tab stops).
  const reached = new Set();
  for (const node of boardBox.querySelectorAll("[data-ref]")) {
    const ref = node.dataset.ref;
    if (entryFor(ref) && makeTappable(node, !reached.has(ref))) reached.add(ref);
  }
}

/** Marks a node as answering a tap; true when the keyboard can reach it. */
function makeTappable(node, focusable = true) {
  if (node.closest("[data-action]")) return false;
  if (node.hasAttribute("tabindex")) return true;
  node.classList.add("tappable");
  // A part that holds choices (an action space with its buttons) is no button itself: buttons do not nest.
  if (!focusable || node.querySelector("[data-action], button")) return false;
  node.setAttribute("tabindex", "0");
  if (!node.hasAttribute("role")) node.setAttribute("role", "button");
  return true;
}

/** What a tap on the board shows: the component's entry, and why it cannot be chosen now. */
function explain(target) {
  if (target.closest("[data-action]")) return null; // a choice: the board takes it
  const why = target.closest("[data-reason]");
  const ref = target.closest("[data-ref]");
  const entry = entryFor(ref?.dataset.ref) || entryFor(why?.dataset.ref);
  if (!why && !entry) return null;
  return { title: entry ? entry[0] : "Not available now", reason: why?.dataset.reason, text: entry?.[1] };
}

/** The sheet: a panel at the foot of the screen, closed by its button, Escape, or another tap. */
export function showSheet(sheet, { title, reason, text }) {
  clear(sheet);
  sheet.append(el("h2", {}, title));
  if (reason) sheet.append(el("p", { class: "sheet-reason" }, el("strong", {}, "Not now: "), reason));
  if (text) sheet.append(el("p", { class: "sheet-text" }, text));
  const close = el("button", { type: "button", class: "sheet-close" }, "Close");
  close.addEventListener("click", () => hideSheet(sheet));
  sheet.append(close);
  sheet.hidden = false;
}

export function hideSheet(sheet) {
  sheet.hidden = true;
}

/** One listener for the whole board (it is drawn again on every state). */
export function wireBoard(boardBox, sheet) {
  const open = (event) => {
    const shown = explain(event.target);
    if (!shown) return false;
    showSheet(sheet, shown);
    return true;
  };
  boardBox.addEventListener("click", open);
  boardBox.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.classList.contains("tappable") && open(event)) {
      event.preventDefault();
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hideSheet(sheet);
  });
}

/** The game in brief, and every component's entry, for the "How to play" panel. */
export function renderRules(box, title, reference) {
  clear(box);
  box.append(el("summary", {}, `How to play ${title}`));
  for (const section of reference.how_to_play || []) {
    box.append(el("h3", {}, section.title), el("p", {}, section.text), el("p", { class: "cite" }, section.rulebook));
  }
  const names = Object.keys(reference.entries || {}).sort((a, b) => a.localeCompare(b));
  if (names.length) {
    box.append(el("details", { class: "components" }, el("summary", {}, "Every component"),
      el("dl", {}, names.flatMap((name) => [el("dt", {}, name), el("dd", {}, reference.entries[name])]))));
  }
}
