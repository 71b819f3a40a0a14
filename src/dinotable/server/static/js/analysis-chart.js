// The analysis's chart: each seat's chance to win over the game (0-100%, as the search bot judged it before
// each of that seat's decisions, and the result at the end), each Round or Season's start marked and named,
// the turning points as numbered dots, and the decision the board shows as a line. It is drawn at the width
// of its box (redrawn when that changes), so its words stay the page's size on a phone and a desktop; a click
// steps the replay to the nearest decision. A line is told apart by its seat's colour and its dash pattern,
// and the legend beside it names each seat with its mark.
import { el, percent, svg } from "./dom.js";
import { seatColour, seatTag } from "./seats.js";

const DASHES = ["", "9 4", "2 4", "10 4 2 4", "5 5", "1 3"];
const LEFT = 46;
const RIGHT = 14;
const TOP = 14;
const BOTTOM = 48;
const FONT = 12;
const INK = "#3c372c";

/** The dash pattern of a seat's line ("" for a solid one). */
export function dashOf(seat) {
  return DASHES[seat % DASHES.length];
}

function geometry(width, total) {
  const height = width < 560 ? 240 : 300;
  const plotW = width - LEFT - RIGHT;
  const plotH = height - TOP - BOTTOM;
  return {
    width,
    height,
    plotW,
    plotH,
    total,
    x: (index) => LEFT + (index * plotW) / Math.max(1, total),
    y: (chance) => TOP + (1 - chance) * plotH,
    index: (px) => Math.max(0, Math.min(total, Math.round(((px - LEFT) * total) / plotW))),
  };
}

function gridLines(g) {
  return [0, 0.25, 0.5, 0.75, 1].map((v) => svg("g", { class: "grid" },
    svg("line", { x1: LEFT, x2: g.width - RIGHT, y1: g.y(v), y2: g.y(v), stroke: v === 0 ? "#8a8270" : "#e2d9c4" }),
    svg("text", { x: LEFT - 6, y: g.y(v) + 4, "font-size": FONT, fill: INK, "text-anchor": "end" }, `${Math.round(v * 100)}%`)));
}

/** A faint line at each Round's start; its name ("Round 3") under it wherever there is room for it. */
function roundMarks(g, chart) {
  const marks = [];
  let free = LEFT - 4; // where the next name may begin
  for (const [index, round] of chart.rounds || []) {
    const x = g.x(index);
    const name = `${chart.round_word} ${round}`;
    const room = name.length * FONT * 0.6 + 10;
    const named = x >= free && x + room - 10 <= g.width;
    if (named) free = x + room;
    marks.push(svg("g", { class: "round-mark", "data-round": round, "data-index": index },
      svg("line", { x1: x, x2: x, y1: TOP, y2: TOP + g.plotH + (named ? 6 : 3), stroke: "#b8ad94", "stroke-dasharray": "2 3" }),
      named ? svg("text", { class: "round-name", x: x + 2, y: TOP + g.plotH + 18, "font-size": FONT, fill: INK }, name) : null));
  }
  return marks;
}

function seatLine(g, series, seatName) {
  const colour = seatColour(series.seat);
  const d = series.points.map(([index, chance], i) => `${i ? "L" : "M"}${g.x(index).toFixed(1)} ${g.y(chance).toFixed(1)}`).join(" ");
  return svg("g", { class: "chance-series", "data-seat": series.seat },
    svg("path", { class: "chance-line", "data-seat": series.seat, d, fill: "none", stroke: colour, "stroke-width": 2.5,
      "stroke-dasharray": dashOf(series.seat) || undefined, "stroke-linejoin": "round" }),
    series.points.map(([index, chance]) => svg("circle", { class: "chance-point", "data-index": index, "data-seat": series.seat,
      cx: g.x(index), cy: g.y(chance), r: 3, fill: colour },
    svg("title", {}, index >= g.total
      ? `${seatName(series.seat)}: ${chance >= 0.5 ? "won" : "did not win"}`
      : `${seatName(series.seat)}: ${percent(chance)} to win at this point`))));
}

/** The chance of `seat` at decision `index` as the chart draws it (its nearest point before, else after). */
function chanceAt(chart, seat, index) {
  const points = chart.seats.find((s) => s.seat === seat)?.points || [];
  const before = points.filter(([i]) => i <= index);
  const point = before.length ? before[before.length - 1] : points[0];
  return point ? point[1] : 0.5;
}

function turningDots(g, chart, turning) {
  return turning.map((point, n) => svg("g", { class: "turning-dot", "data-turning": n + 1, "data-index": point.index },
    svg("circle", { cx: g.x(point.index), cy: g.y(chanceAt(chart, point.seat, point.index)), r: 9, fill: "#fff",
      stroke: seatColour(point.seat), "stroke-width": 3 }),
    svg("text", { x: g.x(point.index), y: g.y(chanceAt(chart, point.seat, point.index)) + 4, "font-size": 11, "font-weight": 700,
      "text-anchor": "middle", fill: "#1d1b16" }, String(n + 1)),
    svg("title", {}, `Turning point ${n + 1}: ${point.text}`)));
}

/** The chart at `width` pixels; `go(index)` steps the replay there (a click anywhere picks the nearest decision). */
export function drawChart(chart, turning, { width, step, go, seatName }) {
  const g = geometry(width, chart.decisions);
  const shownAt = svg("line", { class: "step-mark", y1: TOP - 6, y2: TOP + g.plotH, stroke: "#1d1b16", "stroke-width": 1.5, "stroke-dasharray": "5 3" });
  const names = chart.seats.map((s) => `${seatName(s.seat)} ends at ${percent(s.points[s.points.length - 1]?.[1] ?? 0)}`).join(", ");
  const art = svg("svg", { class: "chance-chart", viewBox: `0 0 ${g.width} ${g.height}`, width: g.width, height: g.height, role: "img",
    "aria-label": `Each player's chance to win over the game's ${chart.decisions} decisions: ${names}. The turning points are listed below the chart.` },
  svg("rect", { x: LEFT, y: TOP, width: g.plotW, height: g.plotH, fill: "#fff" }),
  gridLines(g), roundMarks(g, chart), shownAt,
  chart.seats.map((series) => seatLine(g, series, seatName)),
  turningDots(g, chart, turning),
  svg("text", { x: LEFT, y: g.height - 6, "font-size": FONT, fill: INK }, "Start"),
  svg("text", { x: g.width - RIGHT, y: g.height - 6, "font-size": FONT, fill: INK, "text-anchor": "end" }, "Result"));
  art.addEventListener("click", (event) => {
    const box = art.getBoundingClientRect();
    go(g.index(((event.clientX - box.left) * g.width) / box.width));
  });
  art.__geometry = g;
  markStep(art, step);
  return art;
}

/** Moves the chart's line that marks the decision the board shows. */
export function markStep(art, step) {
  const g = art?.__geometry;
  const line = art?.querySelector(".step-mark");
  if (!g || !line) return;
  const x = g.x(Math.max(0, Math.min(g.total, step)));
  line.setAttribute("x1", x);
  line.setAttribute("x2", x);
}

/** A line sample in the seat's colour and dash, for the legend. */
function sample(seat) {
  return svg("svg", { class: "line-sample", viewBox: "0 0 36 10", width: 36, height: 10, "aria-hidden": "true" },
    svg("line", { x1: 1, x2: 35, y1: 5, y2: 5, stroke: seatColour(seat), "stroke-width": 3, "stroke-dasharray": dashOf(seat) || undefined }));
}

/** The chart's legend in words: each seat's line, and what the dots and the marks are. */
export function chartLegend(chart, summary, seatName) {
  const won = new Map((summary || []).map((s) => [s.seat, s.won]));
  return el("ul", { class: "chart-legend" },
    chart.seats.map((s) => el("li", { "data-seat": s.seat }, sample(s.seat), seatTag(s.seat, seatName(s.seat)), won.get(s.seat) ? " (won)" : "")),
    el("li", {}, el("span", { class: "dot-sample", "aria-hidden": "true" }, "1"), "a turning point, as numbered in the list below"),
    el("li", {}, el("span", { class: "mark-sample round", "aria-hidden": "true" }), `the start of each ${chart.round_word}`),
    el("li", {}, el("span", { class: "mark-sample shown", "aria-hidden": "true" }), "the decision the board shows"));
}
