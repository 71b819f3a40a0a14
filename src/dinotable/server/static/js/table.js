// One table: follows its state over the WebSocket and shows the board, whose turn it is, the choices (keys 1-9
// and 0, or a click; each waits for Confirm when the seat asks for it), the take-back, the log, the chat and,
// after the game, the outcome, the score chart and the rematch. The seat's token comes from the link.
import { api, follow, saveName, saveToken, savedName, savedTokens } from "./api.js";
import { boardFor } from "./boards/index.js";
import { el, clear, humanKey, plural, words } from "./dom.js";
import { seatBadge, seatColour, seatTag } from "./seats.js";
import { canHandOver, describeClock, formatLeft, timeLeft } from "./clock.js";
import { renderScores } from "./scores.js";
import { markUnavailable, renderRules, setReference, wireBoard } from "./sheet.js";
import { renderLog } from "./log.js";
import { markLastMoves, renderLatest } from "./marks.js";
import { confirmWanted, renderPending, renderTakeBack, setConfirmWanted } from "./turn.js";
import { afterGame, scoreCharts } from "./after.js";
import { renderHint, wireHint } from "./hint.js";

const $ = (id) => document.getElementById(id);
const table = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
const token = params.get("token") || savedTokens()[table] || null;
if (params.get("token")) saveToken(table, token);

let current = null;
let board = null;
let undoing = false;
let follower = null;
let pending = null; // the move waiting for Confirm, until it is sent or cancelled
let shownTurn = null; // the seq at which this seat's current decision was first drawn

function seatName(state, seat) {
  const entry = (state.seats || []).find((s) => s.seat === seat);
  return entry ? entry.name : `player ${seat + 1}`;
}

function showError(message) {
  $("error").textContent = message || "";
}

// The state a decision was sent from, until its answer comes: a second click on that state is not sent, but
// one on a newer state is (the table's push of the decision often comes before the answer to it).
let sentFrom = null;

/** A click or key on a choice: sent at once, or first held for Confirm when the seat asked for that. */
function choose(actionId) {
  if (!current || !token || sentFrom === current.seq) return;
  if (!current.legal.some((a) => a.id === actionId)) return;
  if (!$("confirm-each").checked) {
    act(actionId);
    return;
  }
  pending = actionId;
  renderPending(current, pending, $("board"));
}

function confirmPending() {
  if (pending === null) return;
  const chosen = pending;
  pending = null;
  renderPending(current, null, $("board"));
  act(chosen);
}

function cancelPending() {
  pending = null;
  if (current) renderPending(current, null, $("board"));
}

async function act(actionId) {
  if (!current || !token || sentFrom === current.seq) return;
  if (!current.legal.some((a) => a.id === actionId)) return;
  const from = (sentFrom = current.seq);
  document.body.classList.add("pending");
  showError("");
  try {
    follower.accept(await api.act(table, token, from, actionId));
  } catch (error) {
    showError(error.message);
    follower.refetch();
  } finally {
    if (sentFrom === from) {
      sentFrom = null;
      document.body.classList.remove("pending");
    }
  }
}

async function undo() {
  if (undoing || !current || sentFrom === current.seq) return;
  undoing = true;
  cancelPending();
  try {
    follower.accept(await api.undo(table, token, current.seq), { force: true });
  } catch (error) {
    showError(error.message);
  } finally {
    undoing = false;
  }
}

function renderHeader(state) {
  const watching = state.seat === null || state.seat === undefined;
  document.title = state.heading || state.title;
  $("title").textContent = state.heading || state.title;
  $("status").textContent = state.status || "";
  const turn = clear($("turn"));
  turn.append(watching ? "You are watching. " : el("span", {}, "You are ", seatTag(state.seat, seatName(state, state.seat)), ". "));
  if (state.over) turn.append("The game is over.");
  else if (state.to_move === null || state.to_move === undefined) turn.append("");
  else if (!watching && state.to_move === state.seat) turn.append("Your turn.");
  else {
    const mover = (state.seats || []).find((s) => s.seat === state.to_move);
    const bot = mover && mover.type === "bot" ? " (thinking)" : "";
    turn.append("Waiting for ", seatTag(state.to_move, seatName(state, state.to_move)), `${bot}.`);
  }
  document.body.classList.toggle("my-turn", !state.over && state.seat !== null && state.to_move === state.seat);
  renderNameForm(state);
}

// A person names their seat when they sit down, and may rename it until their first decision.
let nameSaved = false;

function renderNameForm(state) {
  const form = $("name-form");
  const show = state.can_rename === true && !nameSaved;
  if (show && !form.hidden) return; // drawn once, so a name being typed is kept
  form.hidden = !show;
  const own = seatName(state, state.seat);
  // A default name is offered as the name this browser's person gave last time, if any.
  if (show) $("name-input").value = /^Player \d+$/.test(own) ? savedName() || own : own;
  if (state.can_rename && nameSaved) {
    const change = el("button", { type: "button", id: "change-name", class: "link-button" }, "Change my name");
    change.addEventListener("click", () => {
      nameSaved = false;
      renderNameForm(current);
      $("name-input").focus();
    });
    $("turn").append(" ", change);
  }
}

async function rename(event) {
  event.preventDefault();
  const name = $("name-input").value.trim();
  showError("");
  try {
    const state = await api.rename(table, token, name);
    saveName(name);
    nameSaved = true;
    follower.accept(state, { force: true });
  } catch (error) {
    showError(error.message);
  }
}

// Who sits where: each seat's mark and name, a person or a bot, whether it is to move or away.
function renderSeats(state) {
  const list = clear($("seat-list"));
  for (const s of state.seats || []) {
    const toMove = !state.over && state.to_move === s.seat;
    const who = s.type === "bot"
      ? s.took_over ? `a bot (${s.level}), ${s.out_of_time ? "for a player out of time" : "for a player who left"}` : ""
      : s.connected === false ? "away" : "";
    list.append(el("li", { class: `seat${toMove ? " to-move" : ""}${s.seat === state.seat ? " me" : ""}`, "data-seat": s.seat,
      style: `border-color: ${seatColour(s.seat)}` },
    seatBadge(s.seat), el("span", { class: "seat-name" }, s.name, s.seat === state.seat ? " (you)" : ""),
    who ? el("span", { class: "seat-who" }, who) : null,
    state.clock && state.clock.left?.[s.seat] !== null && state.clock.left?.[s.seat] !== undefined
      ? el("span", { class: "seat-clock", "data-seat": s.seat, role: "timer", "aria-label": `time left for ${s.name}` }) : null,
    toMove ? el("span", { class: "badge" }, "to move") : null));
  }
  tickClocks();
}

// The clocks: the running seat's time counts down on this page's own clock, each second; the others stand.
let handingOver = false;

function tickClocks() {
  const state = current;
  const note = $("clock-note");
  if (!state || !state.clock) {
    clear(note);
    return;
  }
  const now = Date.now();
  for (const span of document.querySelectorAll("#seat-list .seat-clock")) {
    const seat = Number(span.dataset.seat);
    const left = timeLeft(state.clock, seat, now);
    span.textContent = formatLeft(left);
    span.classList.toggle("running", state.clock.running === seat);
    span.closest(".seat").classList.toggle("out-of-time", left !== null && left <= 0);
  }
  const running = state.clock.running;
  const out = running !== null && running !== undefined && timeLeft(state.clock, running, now) <= 0;
  const key = `${state.seq}:${running}:${out}:${canHandOver(state, now)}`;
  if (note.dataset.key === key) return; // redrawn only when it changes, so a button keeps its focus
  note.dataset.key = key;
  clear(note).append(`Clock: ${describeClock(state.clock)}.`);
  if (!out || state.over) return;
  note.append(" ", el("strong", { class: "out-note" }, seatTag(running, seatName(state, running)), " is out of time."));
  if (running === state.seat) note.append(" You may still decide, until another player hands your seat to a bot.");
  if (canHandOver(state, now)) {
    const button = el("button", { type: "button", id: "hand-over", class: "hand-over" }, "Hand to a bot");
    button.title = `A bot (medium) plays on for ${seatName(state, running)}; the result says so.`;
    button.addEventListener("click", handOver);
    note.append(" ", button);
  }
}

async function handOver() {
  if (handingOver || !current) return;
  handingOver = true;
  showError("");
  try {
    // Not forced: the hand-over keeps the seq, and the bot's first move may already have been pushed.
    follower.accept(await api.timeout(table, token));
  } catch (error) {
    showError(error.message);
  } finally {
    handingOver = false;
  }
}

setInterval(tickClocks, 1000);

function renderActions(state) {
  const list = clear($("actions"));
  state.legal.forEach((action, index) => {
    const key = index < 9 ? String(index + 1) : index === 9 ? "0" : "";
    const button = el("button", { type: "button", "data-action": action.id, "aria-keyshortcuts": key || undefined },
      key ? el("kbd", {}, key) : null, " ", action.text);
    button.addEventListener("click", () => choose(action.id));
    list.append(el("li", {}, button));
  });
  if (!state.legal.length) {
    list.append(el("li", { class: "none" }, state.over ? "No more choices: the game is over." : "Nothing to choose right now."));
  }
  renderTakeBack(state);
}

// The rules at hand: the game in brief and every component's entry, fetched once per page.
async function loadRules(state) {
  try {
    const reference = await api.reference(state.game);
    setReference(reference.entries);
    renderRules($("rules"), state.title, reference);
  } catch {
    $("rules").hidden = true; // the board still plays; only the rules panel is missing
  }
}

function renderChat(state) {
  const chat = clear($("chat"));
  for (const message of state.chat || []) {
    chat.append(el("li", {}, message.seat === null || message.seat === undefined ? null : seatBadge(message.seat, 16),
      el("strong", {}, `${message.name}: `), el("span", { class: "chat-text" }, message.text)));
  }
  chat.scrollTop = chat.scrollHeight;
  $("chat-form").hidden = state.seat === null || state.seat === undefined;
}

function renderOutcome(state) {
  const box = clear($("outcome"));
  box.hidden = !state.over || !state.outcome;
  if (box.hidden) return;
  const outcome = state.outcome;
  const winners = (outcome.winners || []).map((seat) => seatTag(seat, seatName(state, seat)));
  box.append(el("h2", {}, "Final outcome"));
  if (state.seat !== null && state.seat !== undefined || state.rematch) box.append(afterGame(state, table, token, showError));
  else box.append(el("p", {}, el("a", { href: "/", id: "to-lobby" }, "Back to the lobby")));
  box.append(el("p", {}, el("a", { class: "replay-link", href: `/r/${encodeURIComponent(state.table)}` }, "Replay the game decision by decision")));
  box.append(el("p", { class: "winners" }, winners.length
    ? [winners.length > 1 ? "Winners: " : "Winner: ", winners.flatMap((tag, i) => (i ? [" and ", tag] : [tag])), "."]
    : "Nobody wins."));
  const lines = board && board.outcomeLines ? board.outcomeLines(state) : null;
  if (lines) {
    box.append(lines);
  } else {
    const rows = (outcome.scores || []).map((score, seat) => el("li", {}, seatTag(seat, seatName(state, seat)), `: ${plural(score, "point")}`));
    box.append(el("ul", {}, rows));
    for (const [key, value] of Object.entries(outcome)) {
      if (["scores", "winners", "over", "breakdown"].includes(key)) continue;
      box.append(el("p", {}, `${humanKey(key)}: ${words(value)}`));
    }
  }
  const charts = scoreCharts(state, (seat) => seatName(state, seat));
  if (charts) box.append(charts);
}

// A phone shows the decision first: when this seat's decision begins, its targets are brought into view.
function showDecision(state, boardBox) {
  const mine = !state.over && state.seat !== null && state.seat !== undefined && state.to_move === state.seat;
  if (!mine) {
    shownTurn = null;
    return;
  }
  if (shownTurn === state.seq) return;
  shownTurn = state.seq;
  const shown = (node) => (node.checkVisibility ? node.checkVisibility() : node.getClientRects().length > 0);
  const target = [...boardBox.querySelectorAll("[data-action]")].find(shown) || $("actions");
  const box = target.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) target.scrollIntoView({ block: "center" });
}

async function render(state) {
  const firstTime = !current || current.game !== state.game;
  // A move held for Confirm lasts while its decision is open (a push of the same state keeps it).
  if (pending !== null && (state.seq !== current?.seq || !state.legal.some((a) => a.id === pending))) pending = null;
  current = state;
  if (firstTime) {
    $("confirm-each").checked = confirmWanted(state);
    board = await boardFor(state.game, params.get("board") === "plain");
    document.body.classList.toggle("list-first", board.listFirst === true);
    $("screen-panel").hidden = board.showsScreen === true;
    await loadRules(state);
  }
  renderHeader(state);
  renderSeats(state);
  const boardBox = clear($("board"));
  board.render(boardBox, state, { act: choose, seatName: (seat) => seatName(state, seat) });
  markUnavailable(boardBox, state);
  markLastMoves(boardBox, state, board);
  renderScores($("scores"), state, (seat) => seatName(state, seat));
  $("screen").textContent = state.screen || "";
  renderActions(state);
  renderHint(state, (seat) => seatName(state, seat));
  renderOutcome(state);
  renderLog($("log"), state, { follow: undoing || sentFrom !== null });
  const latest = renderLatest($("latest"), state);
  $("info-summary").textContent = latest ? `Players, scores and the last moves (${seatName(state, latest.seat)} just played)` : "Players and scores";
  renderChat(state);
  renderPending(state, pending, boardBox);
  showDecision(state, boardBox);
  document.body.dataset.seq = String(state.seq);
  window.__dinotableState = state; // read by the browser tests, once the page shows it
}

document.addEventListener("keydown", (event) => {
  if (!current || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
  if (pending !== null && (event.key === "Enter" || event.key === "Escape")) {
    event.preventDefault();
    if (event.key === "Enter") confirmPending();
    else cancelPending();
    return;
  }
  if (!/^[0-9]$/.test(event.key)) return;
  const index = event.key === "0" ? 9 : Number(event.key) - 1;
  const action = current.legal[index];
  if (action) {
    event.preventDefault();
    choose(action.id);
  }
});

$("undo").addEventListener("click", undo);
$("confirm").addEventListener("click", confirmPending);
$("cancel").addEventListener("click", cancelPending);
$("name-form").addEventListener("submit", rename);
$("confirm-each").addEventListener("change", (event) => {
  setConfirmWanted(event.target.checked);
  if (!event.target.checked) cancelPending();
});
// The header's players, scores and latest moves: open on a wide screen, one folded line on a phone.
$("table-info").open = window.matchMedia("(min-width: 801px)").matches;
wireBoard($("board"), $("sheet"));
wireHint(table, token);
$("chat-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text) return;
  try {
    await api.chat(table, token, text);
    $("chat-text").value = "";
    follower.refetch();
  } catch (error) {
    showError(error.message);
  }
});

// States are drawn one after another: the first one loads the board module.
let drawing = Promise.resolve();
follower = follow(table, token, (state) => {
  drawing = drawing.then(() => render(state)).catch((error) => showError(error.message));
}, (up, why) => {
  $("connection").textContent = up ? "" : why ? `The server closed this table's connection: ${why}. Trying again soon...` : "Reconnecting to the server...";
});
