// The decision the replay's board shows, as the analysis judged it: who decided, what they took and how good
// it was, the search bot's better choice if there was one, its top choices with their chances; and on the
// board, the elements the decision taken touches (solid outline: "taken") and those of the better choice
// (dashed outline: "better"), found the way the live table marks the others' last moves (board.moveSelectors).
import { el, clear, percent, signedPercent, svg } from "./dom.js";
import { seatTag } from "./seats.js";

// A decision's label, in words: [what it was, and whether a better choice is worth telling].
const LABELS = {
  best: ["the best choice", false],
  good: ["a good choice", false],
  inaccuracy: ["an inaccuracy", true],
  mistake: ["a mistake", true],
  blunder: ["a blunder", true],
};
const MARKS = ["taken-mark", "better-mark"];

export function labelWords(label) {
  return (LABELS[label] || [String(label || "").replace(/_/g, " "), true])[0];
}

/** The board elements an action touches: the tile it names, else the board's own selectors for the move. */
function elementsOf(boardBox, board, state, seat, info) {
  if (!info) return [];
  if (info.tile !== undefined) {
    const tiles = [...boardBox.querySelectorAll(`[data-tile="${info.tile}"]`)];
    if (tiles.length) return tiles;
  }
  // A copy: a board's selectors may add to the lists they are given.
  const selectors = board.moveSelectors ? board.moveSelectors(state, { seat, info: structuredClone(info) }) : [];
  const found = [];
  for (const selector of selectors) {
    try {
      found.push(...boardBox.querySelectorAll(selector));
    } catch {
      // a place this board cannot select: left unmarked
    }
  }
  return found;
}

/** A ring around a drawn element (a tile), white under a dark line, so it shows on a tile of any colour. */
function ring(node, name) {
  const box = node.getBBox();
  const rect = (cls) => svg("rect", { class: `review-ring ${cls}`, x: box.x - 4, y: box.y - 4, width: box.width + 8, height: box.height + 8,
    rx: 7, fill: "none", "pointer-events": "none", "aria-hidden": "true" });
  node.append(rect("under"), rect(name === "taken-mark" ? "ring-taken" : "ring-better"));
}

function mark(nodes, name) {
  for (const node of nodes) {
    node.classList.add(name);
    if (node instanceof SVGGraphicsElement && !(node instanceof SVGSVGElement)) ring(node, name);
  }
  return nodes.length;
}

function clearMarks(boardBox) {
  for (const name of MARKS) for (const node of boardBox.querySelectorAll(`.${name}`)) node.classList.remove(name);
  for (const node of boardBox.querySelectorAll(".review-ring")) node.remove();
}

function judgement(d) {
  if (d.chance === null || d.chance === undefined) return "the only choice there was";
  const [words, worse] = LABELS[d.label] || [labelWords(d.label), true];
  return worse ? `${words}: it cost ${percent(d.loss)} of the chance to win` : words;
}

function legend(takenShown, betterShown, betterWords) {
  const items = [];
  if (takenShown) items.push(el("span", { class: "legend-item" }, el("span", { class: "swatch taken", "aria-hidden": "true" }), "solid outline: the decision taken"));
  if (betterShown) items.push(el("span", { class: "legend-item" }, el("span", { class: "swatch better", "aria-hidden": "true" }), `dashed outline: ${betterWords}`));
  if (!items.length) return el("p", { class: "board-legend" }, "This decision is not a place on the board.");
  return el("p", { class: "board-legend" }, "On the board: ", items);
}

/**
 * Shows the review of the decision made at the board's step (none at the end, or before the analysis is
 * ready) in `box`, and marks it on the board just drawn in `boardBox`.
 */
export function renderDecision(box, boardBox, board, state, review, seatName) {
  clearMarks(boardBox);
  const d = review ? review.decisions.find((x) => x.index === state.step) : null;
  clear(box);
  box.hidden = !d;
  if (!d) return;
  const worse = (LABELS[d.label] || [null, true])[1];
  const differs = d.preferred && d.preferred !== d.taken;
  const betterWords = worse ? "the better choice" : "the search bot's first choice, about as good";
  const taken = mark(elementsOf(boardBox, board, state, d.seat, d.taken_info), "taken-mark");
  const better = differs ? mark(elementsOf(boardBox, board, state, d.seat, d.preferred_info), "better-mark") : 0;
  const chance = d.chance === null || d.chance === undefined ? "" : `, with ${percent(d.chance)} to win before it`;
  box.append(...[
    el("h2", {}, "The decision made here"),
    el("p", { class: "who-decided" }, seatTag(d.seat, seatName(d.seat)), ` decided, in ${review.chart.round_word} ${d.round}${chance}.`),
    el("p", { class: "taken", "data-label": d.label }, el("strong", {}, "Taken: "), el("span", { class: "taken-text" }, d.taken),
      el("span", { class: `verdict ${d.label}` }, ` - ${judgement(d)}.`)),
    differs ? el("p", { class: "better" }, el("strong", {}, worse ? "Better: " : "The search bot's first choice, about as good: "),
      el("span", { class: "better-text" }, d.preferred)) : null,
    Math.round(100 * Math.abs(d.luck || 0)) >= 1
      ? el("p", { class: "luck" }, `Then chance ${d.luck > 0 ? "helped" : "hurt"}: ${signedPercent(d.luck)} to the chance to win.`) : null,
    d.top?.length ? el("div", { class: "top-choices" }, el("h3", {}, "The search bot's top choices here"),
      el("ol", {}, d.top.map((choice) => el("li", {}, el("span", { class: "choice-text" }, choice.text),
        el("span", { class: "choice-chance" }, choice.chance === null || choice.chance === undefined ? " - the only choice" : ` - ${percent(choice.chance)} to win`))))) : null,
    legend(taken > 0, better > 0, betterWords)].filter(Boolean));
}
