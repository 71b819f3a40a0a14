// The generic board: the seat's view as readable panels (sections, key: value lines, lists as tables) and the
// game's own screen text in a monospace block. Every string is set as text.
import { el, humanKey, words as rawWords } from "../dom.js";

// Names in the view's data ("sky_train") read as words ("sky train").
const words = (value) => humanKey(rawWords(value));

const SKIP = new Set(["game", "seat", "num_players"]);
const HIDDEN = new Set(["id", "key", "ref"]);

function isScalar(value) {
  return value === null || typeof value !== "object";
}

function scalarList(values) {
  return values.every(isScalar);
}

function tableOf(rows) {
  // Rows with a name show it; their ids and keys are for programs, not for players.
  const named = rows.every((row) => "name" in row);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => !(named && HIDDEN.has(key)));
  const complex = keys.filter((key) => rows.some((row) => !isScalar(row[key]) && !(Array.isArray(row[key]) && scalarList(row[key]))));
  const simple = keys.filter((key) => !complex.includes(key));
  const table = el("table", { class: "view-table" },
    el("thead", {}, el("tr", {}, simple.map((key) => el("th", { scope: "col" }, humanKey(key))))),
    el("tbody", {}, rows.map((row) => el("tr", {}, simple.map((key) => el("td", {}, words(row[key])))))));
  const parts = [table];
  rows.forEach((row, index) => {
    for (const key of complex) {
      if (row[key] === undefined) continue;
      parts.push(el("details", { class: "nested" }, el("summary", {}, `${humanKey(key)} of row ${index + 1}`), valueNode(row[key])));
    }
  });
  return parts;
}

function valueNode(value) {
  if (isScalar(value)) return el("span", {}, words(value));
  if (Array.isArray(value)) {
    if (!value.length) return el("span", {}, "none");
    if (scalarList(value)) return el("span", {}, words(value));
    if (value.every((row) => row && typeof row === "object" && !Array.isArray(row))) return el("div", {}, tableOf(value));
    return el("ol", {}, value.map((item) => el("li", {}, valueNode(item))));
  }
  const list = el("dl", { class: "view-dl" });
  for (const [key, item] of Object.entries(value)) {
    list.append(el("dt", {}, humanKey(key)), el("dd", {}, valueNode(item)));
  }
  return list;
}

export function render(container, state) {
  const view = state.view || {};
  const facts = el("dl", { class: "view-dl" });
  const sections = [];
  for (const [key, value] of Object.entries(view)) {
    if (SKIP.has(key)) continue;
    if (isScalar(value) || (Array.isArray(value) && scalarList(value))) {
      facts.append(el("dt", {}, humanKey(key)), el("dd", {}, words(value)));
    } else {
      sections.push(el("section", { class: "panel" }, el("h3", {}, humanKey(key)), valueNode(value)));
    }
  }
  container.append(
    el("section", { class: "panel screen-panel" }, el("h3", {}, "The table"), el("pre", { class: "screen" }, state.screen || "")),
    el("section", { class: "panel" }, el("h3", {}, "At a glance"), facts),
    ...sections,
  );
}
