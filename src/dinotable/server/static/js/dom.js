// Small DOM helpers. Every string from the server goes in as a text node (never innerHTML), so markup in a
// name, a log entry or a chat message shows as text.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return node;
}

/** An HTML element: el("li", {class: "x"}, "text", otherNode). */
export function el(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, same calling convention as el(). */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** "1 day", "3 days": a count and its word, plural when it is not 1. */
export function plural(n, word) {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

/** Makes an element act as a button for mouse, touch and keyboard (Enter / Space). */
export function clickable(node, label, handler) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", handler);
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      handler(ev);
    }
  });
  return node;
}

/** Words for a value a player reads: never a raw true/false/null. */
export function words(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (value === null || value === undefined || value === "") return "none";
  if (Array.isArray(value)) return value.length ? value.map(words).join(", ") : "none";
  return String(value);
}

/** "rocks_per_base" -> "rocks per base". */
export function humanKey(key) {
  return String(key).replace(/_/g, " ");
}

/** A board button for a legal action: it carries data-action, reads as the action's text, and takes it. */
export function actionButton(action, ctx, label, attrs = {}) {
  const button = el("button", { type: "button", class: "board-button", "data-action": action.id, title: action.text, ...attrs }, label);
  button.setAttribute("aria-label", action.text);
  button.addEventListener("click", () => ctx.act(action.id));
  return button;
}

/** A chance (0-1) as a person reads it: "18%"; "under 1%" for a small one that is not nothing. */
export function percent(chance) {
  const value = Math.abs(chance);
  return value > 0 && value < 0.005 ? "under 1%" : `${Math.round(100 * value)}%`;
}

/** A change of chance with its sign: "+12%", "−18%" (a true minus sign). */
export function signedPercent(change) {
  if (Math.round(100 * Math.abs(change)) === 0) return "0%";
  return `${change < 0 ? "\u2212" : "+"}${percent(change)}`;
}
