// Hints, at a table whose players allowed them: on this seat's own turn a Hint button asks the server for the
// search bot's three best choices (for this seat alone), says that it is thinking meanwhile, and shows them
// with their chances until the next decision. Everyone at the table reads that hints are on and how many
// each person used.
import { api } from "./api.js";
import { el, clear, percent } from "./dom.js";
import { seatTag } from "./seats.js";

const $ = (id) => document.getElementById(id);

// The hint of this page: the decision it is for, and what it is now (thinking, the choices, or a problem).
let hint = { seq: null, status: "none", choices: [], error: "" };
let latest = null; // the state drawn last

function mine(state) {
  return !state.over && state.seat !== null && state.seat !== undefined && state.to_move === state.seat && (state.legal || []).length > 0;
}

function choiceLine(choice) {
  const chance = choice.chance === null || choice.chance === undefined ? "the only choice" : `${percent(choice.chance)} to win`;
  return el("li", { class: "hint-choice" }, el("span", { class: "hint-text" }, choice.text), " ", el("strong", { class: "hint-chance" }, `(${chance})`));
}

function draw(state) {
  const box = $("hint-box");
  const list = clear($("hint-choices"));
  list.hidden = true;
  box.hidden = state.hints?.allowed !== true || !mine(state);
  if (box.hidden) return;
  const button = $("hint-button");
  const asked = hint.seq === state.seq;
  button.disabled = asked && hint.status === "thinking";
  button.hidden = asked && hint.status === "ready"; // one hint a decision: it stays shown until the next
  const status = $("hint-status");
  if (hint.seq !== state.seq || hint.status === "none") {
    status.textContent = "The search bot may tell you its three best choices here; the others see that you asked.";
  } else if (hint.status === "thinking") {
    status.textContent = "Thinking about your best choices...";
  } else if (hint.status === "error") {
    status.textContent = `No hint: ${hint.error}.`;
  } else {
    status.textContent = hint.choices.length > 1 ? "Hint: the search bot's best choices, best first:" : "Hint: the search bot's choice:";
    list.append(...hint.choices.map(choiceLine));
    list.hidden = false;
  }
}

async function ask(table, token) {
  const state = latest;
  if (!state || !mine(state) || (hint.seq === state.seq && hint.status !== "error")) return;
  hint = { seq: state.seq, status: "thinking", choices: [], error: "" };
  draw(state);
  try {
    const answer = await api.hint(table, token, state.seq);
    if (hint.seq !== answer.seq) return; // the table moved on meanwhile
    hint = { ...hint, status: "ready", choices: (answer.choices || []).slice(0, 3) };
  } catch (error) {
    if (hint.seq !== state.seq) return;
    hint = { ...hint, status: "error", error: error.message };
  }
  if (latest) draw(latest);
}

/** The line everyone reads: hints are allowed, and how many each person asked for. */
function drawNote(state, seatName) {
  const note = clear($("hints-note"));
  const hints = state.hints;
  note.hidden = !hints?.allowed;
  if (note.hidden) return;
  const people = (state.seats || []).filter((s) => s.type !== "bot");
  note.append(el("strong", {}, "Hints allowed"));
  if (!people.length) return;
  note.append(": ", ...people.flatMap((s, i) => [i ? ", " : "", seatTag(s.seat, seatName(s.seat)), ` used ${hints.used?.[s.seat] ?? 0}`]), ".");
}

/** Draws the hint for this state: a new decision clears the last one. */
export function renderHint(state, seatName) {
  latest = state;
  if (hint.seq !== null && hint.seq !== state.seq) hint = { seq: null, status: "none", choices: [], error: "" };
  drawNote(state, seatName);
  draw(state);
}

export function wireHint(table, token) {
  $("hint-button").addEventListener("click", () => ask(table, token));
}
