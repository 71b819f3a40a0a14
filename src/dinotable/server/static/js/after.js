// After the game: a rematch (same seats, names, bot levels and options, a new seed: each person's link leads
// to their new seat), the way back to the lobby, the replay, and each seat's score over the rounds, drawn
// from the record.
import { api, saveToken } from "./api.js";
import { el, svg } from "./dom.js";
import { rowKey } from "./scores.js";
import { seatColour, seatTag } from "./seats.js";

const WIDTH = 260;
const HEIGHT = 90;

/** A small line chart of one row's score at the end of each Round or Season. */
function chart(points, rounds, colour, label) {
  const low = Math.min(0, ...points);
  const high = Math.max(1, ...points);
  const x = (i) => 8 + (i * (WIDTH - 16)) / Math.max(1, points.length - 1);
  const y = (v) => HEIGHT - 14 - ((v - low) * (HEIGHT - 28)) / (high - low);
  const line = points.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(v).toFixed(1)}`).join(" ");
  return svg("svg", { class: "score-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: WIDTH, height: HEIGHT, role: "img", "aria-label": label },
    svg("line", { x1: 8, x2: WIDTH - 8, y1: y(0), y2: y(0), stroke: "#b8ad94", "stroke-dasharray": "3 3" }),
    svg("path", { d: line, fill: "none", stroke: colour, "stroke-width": 2.5 }),
    points.map((v, i) => svg("circle", { cx: x(i), cy: y(v), r: 3, fill: colour })),
    svg("text", { x: 8, y: HEIGHT - 2, "font-size": 10, fill: "#5a5344" }, String(rounds[0] ?? "")),
    svg("text", { x: WIDTH - 8, y: HEIGHT - 2, "font-size": 10, fill: "#5a5344", "text-anchor": "end" }, String(rounds[rounds.length - 1] ?? "")),
    svg("text", { x: x(points.length - 1) - 4, y: Math.max(10, y(points[points.length - 1]) - 6), "font-size": 11, "font-weight": 700, "text-anchor": "end" },
      String(points[points.length - 1])));
}

/** Each seat's (and automaton's) score over the Rounds or Seasons, a chart each. */
export function scoreCharts(state, seatName) {
  const history = state.score_history;
  if (!history || !history.rows?.length) return null;
  const step = history.round_word;
  const span = history.rounds.length > 1 ? `${step} ${history.rounds[0]} to ${history.rounds[history.rounds.length - 1]}` : `${step} ${history.rounds[0]}`;
  return el("section", { class: "score-charts", "aria-label": "The score over the game" },
    el("h3", {}, `The score at the end of each ${step}`),
    el("ul", {}, history.rows.map((row) => {
      const seat = "seat" in row;
      const name = seat ? seatName(row.seat) : row.automaton;
      const who = seat ? seatTag(row.seat, name) : el("span", { class: "automaton" }, name);
      return el("li", { "data-chart": rowKey(row) },
        who, chart(row.points, history.rounds, seat ? seatColour(row.seat) : "#6c6454", `${name}: ${row.points.join(", ")} ${row.unit}, ${span}`));
    })));
}

/** Rematch and the way back to the lobby; a rematch another person started shows as one to join. */
export function afterGame(state, table, token, showError) {
  const box = el("div", { class: "after-game" });
  const started = state.rematch;
  const button = el("button", { type: "button", id: "rematch", class: "go" }, started ? "Join the rematch" : "Rematch");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const made = await api.rematch(table, token);
      if (made.token) saveToken(made.table, made.token);
      location.assign(made.url || made.spectator_url);
    } catch (error) {
      showError(error.message);
      button.disabled = false;
    }
  });
  if (started) box.append(el("p", {}, "A rematch has started: the same seats and options, a new deal."));
  box.append(el("p", { class: "after-buttons" }, button, " ", el("a", { href: "/", id: "to-lobby", class: "to-lobby" }, "Back to the lobby")));
  return box;
}
