// The score if the game ended now, for every seat (and every automaton the rules play): the engine's
// score_now for this viewer, a total each, and on a click or tap the parts that make it, by the game's own
// end-game scoring. A part this seat cannot see (another's hidden card) reads "+ hidden", with no value.
import { el, clear } from "./dom.js";
import { seatTag } from "./seats.js";

const opened = new Set(); // the rows a person opened stay open from one state to the next

/** A score row's key: "seat-2", "automaton-Rival". */
export function rowKey(row) {
  return "seat" in row ? `seat-${row.seat}` : `automaton-${row.automaton}`;
}

function amount(points, unit) {
  // "1 point", "1 credit"; "VP" stays as it is.
  return `${points} ${Math.abs(points) === 1 && unit.endsWith("s") ? unit.slice(0, -1) : unit}`;
}

export function renderScores(box, state, seatName) {
  clear(box);
  const rows = state.score_now || [];
  box.hidden = rows.length === 0;
  if (box.hidden) return;
  box.append(el("h2", { class: "scores-title" }, state.over ? "Final scores" : "Scores if the game ended now"));
  const list = el("ul", { class: "scores-list" });
  for (const row of rows) {
    const key = rowKey(row);
    const who = "seat" in row ? seatTag(row.seat, seatName(row.seat)) : el("span", { class: "automaton" }, row.automaton);
    const total = amount(row.total, row.unit) + (row.hidden ? " + hidden" : "");
    const parts = el("table", { class: "breakdown score-parts", "data-score-parts": key, hidden: !opened.has(key) },
      el("tbody", {}, row.parts.map((part) => el("tr", {},
        el("th", { scope: "row" }, part.name),
        el("td", { class: "num" }, part.points === null ? "+ hidden" : String(part.points))))));
    const button = el("button", { type: "button", class: "score-button", "data-score": key, "aria-expanded": String(opened.has(key)) },
      who, el("span", { class: "score-total" }, total));
    button.addEventListener("click", () => {
      const open = parts.hidden;
      parts.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
      if (open) opened.add(key);
      else opened.delete(key);
    });
    list.append(el("li", { "data-score-row": key }, button, parts));
  }
  box.append(list);
}
