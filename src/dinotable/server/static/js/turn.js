// A seat's own turn: a chosen move waits on the board for Confirm or Cancel before it is sent (the seat's
// option "confirm each move"), and the whole turn so far may be taken back, or the page says why not.
import { plural } from "./dom.js";

const $ = (id) => document.getElementById(id);
const DAY = 86400;

// A person's choice, kept by this browser for every table.
const KEY = "dinotable.confirm";

/** Whether this seat confirms each move: as the person last chose, else on, but for a real-time clock (a
 * bank under a day), where a second click costs time. */
export function confirmWanted(state) {
  const chosen = localStorage.getItem(KEY);
  if (chosen === "on" || chosen === "off") return chosen === "on";
  return !(state.clock && state.clock.bank < DAY);
}

export function setConfirmWanted(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

/** Shows the move waiting for Confirm (or none): its full text in the bar, and marked on the board and in the
 * list of choices, so a shortened label is read whole before it is sent. */
export function renderPending(state, pending, boardBox) {
  const action = pending === null ? null : (state.legal || []).find((a) => a.id === pending);
  $("pending").hidden = !action;
  $("pending-text").textContent = action ? action.text : "";
  for (const node of document.querySelectorAll(".pending-move")) node.classList.remove("pending-move");
  if (!action) return;
  for (const node of [...boardBox.querySelectorAll(`[data-action="${action.id}"]`), ...document.querySelectorAll(`#actions [data-action="${action.id}"]`)]) {
    node.classList.add("pending-move");
  }
  $("confirm").focus({ preventScroll: true });
}

/** The take-back button: on the seat's own turn always there; it says how much it takes back, or why it
 * cannot (nothing decided yet, chance used, something hidden shown). */
export function renderTakeBack(state) {
  const undo = state.undo;
  $("take-back").hidden = !undo;
  if (!undo) return;
  const button = $("undo");
  button.disabled = undo.decisions === 0;
  button.textContent = undo.decisions
    ? `Take back my turn (${plural(undo.decisions, "decision")})`
    : "Take back my turn";
  $("undo-why").textContent = undo.decisions ? "" : `Nothing to take back: ${undo.why}.`;
}
