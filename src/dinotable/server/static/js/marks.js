// What the others just did: each other seat's last decision since this seat's own, marked on the board
// where it happened (the board says where, from the decision's board elements) and told in one line at the top.
import { el, clear } from "./dom.js";
import { seatBadge } from "./seats.js";

/** Marks each move's elements (or, where the board cannot place it, the seat's own panel) until the viewer
 * decides again. */
export function markLastMoves(boardBox, state, board) {
  for (const move of state.last_moves || []) {
    const selectors = move.info && board.moveSelectors ? board.moveSelectors(state, move) : [];
    let marked = [];
    for (const selector of selectors) marked.push(...boardBox.querySelectorAll(selector));
    if (!marked.length) marked = [...boardBox.querySelectorAll(`section[data-seat="${move.seat}"]`)].slice(0, 1);
    for (const node of marked) {
      node.classList.add("last-move");
      node.setAttribute("data-last-move", move.seat);
    }
  }
}

/** The others' last decisions in words, newest last (a phone shows them folded in the header's one line);
 * returns the newest, or null. */
export function renderLatest(box, state) {
  clear(box);
  const moves = [...(state.last_moves || [])].sort((a, b) => a.seq - b.seq);
  if (!moves.length) return null;
  const mine = state.seat !== null && state.seat !== undefined;
  box.append(el("strong", {}, mine ? "Since your last decision:" : "Last decisions:"),
    el("ul", {}, moves.map((move) => el("li", { class: "by-seat", "data-by": move.seat }, seatBadge(move.seat, 16), move.text))));
  return moves[moves.length - 1];
}
