// A finished table's replay: the board as a spectator saw it after any decision, read-only (the states carry
// no legal actions, so the board draws nothing to click), the log up to that decision, and buttons, a slider
// and arrow keys to step through the game. Each step is fetched once and kept. Its analysis (js/analysis.js),
// once made, draws each seat's chance over the game and judges the decision at the step shown.
import { api } from "./api.js";
import { boardFor } from "./boards/index.js";
import { el, clear, plural } from "./dom.js";
import { renderLog } from "./log.js";
import { Analysis } from "./analysis.js";
import { renderDecision } from "./analysis-decision.js";

const $ = (id) => document.getElementById(id);
const table = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const fetched = new Map();
let board = null;
let steps = null;
let wanted = 0;
let shown = null; // the state drawn last
let analysis = null;

function seatName(state, seat) {
  const entry = (state.seats || []).find((s) => s.seat === seat);
  return entry ? entry.name : `player ${seat + 1}`;
}

function fetchStep(step) {
  if (!fetched.has(step)) {
    const request = api.replay(table, step);
    request.catch(() => fetched.delete(step)); // a failed fetch is tried again next time
    fetched.set(step, request);
  }
  return fetched.get(step);
}

function renderOutcome(state) {
  const box = clear($("outcome"));
  box.hidden = !state.over || !state.outcome;
  if (box.hidden) return;
  const winners = (state.outcome.winners || []).map((seat) => seatName(state, seat));
  box.append(el("h2", {}, "Final outcome"),
    el("p", { class: "winners" }, winners.length ? `Winner: ${winners.join(" and ")}.` : "Nobody wins."));
  const lines = board.outcomeLines ? board.outcomeLines(state) : null;
  if (lines) box.append(lines);
  else box.append(el("ul", {}, (state.outcome.scores || []).map((score, seat) => el("li", {}, `${seatName(state, seat)}: ${plural(score, "point")}`))));
}

function render(state) {
  steps = state.steps;
  document.title = `Replay of ${state.heading || state.title}`;
  $("title").textContent = `Replay of ${state.heading || state.title}`;
  $("status").textContent = state.status || "";
  $("turn").textContent = state.over ? "The game is over." : state.to_move === null ? "" : `${seatName(state, state.to_move)} is to move.`;
  $("where").textContent = `Decision ${state.step} of ${state.steps}`;
  const slider = $("slider");
  slider.max = String(state.steps);
  slider.value = String(state.step);
  slider.setAttribute("aria-valuetext", `decision ${state.step} of ${state.steps}`);
  $("first").disabled = $("back").disabled = state.step === 0;
  $("forward").disabled = $("last").disabled = state.step === state.steps;
  board.render(clear($("board")), state, { act: () => {}, seatName: (seat) => seatName(state, seat) });
  renderOutcome(state);
  renderLog($("log"), state, { follow: true });
  showReview(state);
  shown = state;
  document.body.dataset.step = String(state.step);
  window.__dinotableReplay = state; // read by the browser tests, once the page shows it
}

/** The analysis's judgement of the decision made at the step shown, marked on the board (once it is ready). */
function showReview(state) {
  renderDecision($("decision"), $("board"), board, state, analysis?.review, (seat) => seatName(state, seat));
  analysis?.showStep(state.step);
}

/** The decision's review brought into view, when a click on the chart or a turning point asked for it. */
function reveal() {
  const box = $("decision").hidden ? $("board") : $("decision");
  const top = box.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight - 120) box.scrollIntoView({ block: "start" });
}

async function go(step, { reveal: bring = false } = {}) {
  step = Math.max(0, steps === null ? step : Math.min(steps, step));
  wanted = step;
  try {
    const state = await fetchStep(step);
    if (!board) board = await boardFor(state.game);
    if (step !== wanted) return; // a later step was asked for meanwhile
    $("error").textContent = "";
    render(state);
    history.replaceState(null, "", `?step=${step}`);
    if (bring) reveal();
  } catch (error) {
    if (step === wanted) $("error").textContent = error.message;
  }
}

$("first").addEventListener("click", () => go(0));
$("back").addEventListener("click", () => go(wanted - 1));
$("forward").addEventListener("click", () => go(wanted + 1));
$("last").addEventListener("click", () => go(steps ?? 0));
$("slider").addEventListener("input", (event) => go(Number(event.target.value)));
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.target === $("slider")) return;
  const moves = { ArrowLeft: () => go(wanted - 1), ArrowRight: () => go(wanted + 1), Home: () => go(0), End: () => go(steps ?? wanted) };
  if (moves[event.key]) {
    event.preventDefault();
    moves[event.key]();
  }
});
$("table-link").href = `/t/${encodeURIComponent(table)}`;
analysis = new Analysis($("analysis"), table, {
  go,
  seatName: (seat) => (shown ? seatName(shown, seat) : `player ${seat + 1}`),
  onReady: () => { if (shown) showReview(shown); },
});
// The board first, so the analysis names the seats as the table does.
go(Number.parseInt(new URLSearchParams(location.search).get("step"), 10) || 0).then(() => analysis.load());
