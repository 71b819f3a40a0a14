// One table: follows its state over the WebSocket and shows the board, whose turn it is, the choices (keys 1-9
// and 0, or a click), undo, the log, the chat and the final outcome. The seat's token comes from the link.
import { api, follow, saveToken, savedTokens } from "./api.js";
import { boardFor } from "./boards/index.js";
import { el, clear, humanKey, plural, words } from "./dom.js";
import { seatBadge, seatColour, seatOfLine, seatTag } from "./seats.js";
import { canHandOver, describeClock, formatLeft, timeLeft } from "./clock.js";
import { renderScores } from "./scores.js";
import { markUnavailable, renderRules, setReference, wireBoard } from "./sheet.js";

const $ = (id) => document.getElementById(id);
const table = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
const token = params.get("token") || savedTokens()[table] || null;
if (params.get("token")) saveToken(table, token);

let current = null;
let board = null;
let undoing = false;
let follower = null;
const shownLog = new Set();

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

async function act(actionId) {
  if (!current || !token || sentFrom === current.seq) return;
  if (!current.legal.some((a) => a.id === actionId)) return;
  const from = (sentFrom = current.seq);
  myLastSeq = from;
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
  document.title = watching ? `${state.title}: watching` : `${state.title}: ${seatName(state, state.seat)}`;
  $("title").textContent = state.title;
  $("status").textContent = state.status || "";
  const turn = clear($("turn"));
  turn.append(watching ? "You are watching. " : el("span", {}, "You are ", seatTag(state.seat, seatName(state, state.seat)), ". "));
  if (state.over) turn.append("The game is over.");
  else if (state.to_move === null || state.to_move === undefined) turn.append("");
  else if (!watching && state.to_move === state.seat) turn.append("Your turn.");
  else {
    const mover = (state.seats || []).find((s) => s.seat === state.to_move);
    const bot = mover && mover.type === "bot" ? ` (a bot${mover.level ? `, ${mover.level}` : ""}, thinking)` : "";
    turn.append("Waiting for ", seatTag(state.to_move, seatName(state, state.to_move)), `${bot}.`);
  }
  document.body.classList.toggle("my-turn", !state.over && state.seat !== null && state.to_move === state.seat);
}

// Who sits where: each seat's mark and name, a person or a bot, whether it is to move or away.
function renderSeats(state) {
  const list = clear($("seat-list"));
  for (const s of state.seats || []) {
    const toMove = !state.over && state.to_move === s.seat;
    const who = s.type === "bot"
      ? `a bot${s.level ? ` (${s.level})` : ""}${s.took_over ? s.out_of_time ? ", for a player out of time" : ", for a player who left" : ""}`
      : `a person${s.connected === false ? ", away" : ""}`;
    list.append(el("li", { class: `seat${toMove ? " to-move" : ""}${s.seat === state.seat ? " me" : ""}`, "data-seat": s.seat,
      style: `border-color: ${seatColour(s.seat)}` },
    seatBadge(s.seat), el("span", { class: "seat-name" }, s.name, s.seat === state.seat ? " (you)" : ""),
    el("span", { class: "seat-who" }, who),
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
    button.addEventListener("click", () => act(action.id));
    list.append(el("li", {}, button));
  });
  if (!state.legal.length) {
    list.append(el("li", { class: "none" }, state.over ? "No more choices: the game is over." : "Nothing to choose right now."));
  }
  $("undo").hidden = !state.can_undo;
}

function renderLog(state) {
  const log = $("log");
  const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  // The log is rebuilt when it no longer extends what is shown (an undo); else only new entries are added.
  const entries = state.log || [];
  const keys = entries.map((entry, index) => `${entry.seq}:${index}:${entry.text}`);
  if (keys.length < shownLog.size || [...shownLog].some((key, i) => keys[i] !== key)) {
    clear(log);
    shownLog.clear();
  }
  keys.forEach((key, index) => {
    if (shownLog.has(key)) return;
    shownLog.add(key);
    log.append(logLine(state, entries[index].text, { "data-seq": entries[index].seq }));
  });
  if (nearBottom || undoing || sentFrom !== null) log.scrollTop = log.scrollHeight;
}

/** A log line, with the mark of the seat it is about (the seat whose name starts it). */
function logLine(state, text, attrs = {}) {
  const seat = seatOfLine(text, state.seats);
  return el("li", { ...attrs, class: seat === null ? "" : "by-seat", "data-by": seat ?? undefined }, seat === null ? null : seatBadge(seat, 16), text);
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

// What the others (the bots) did since this seat's last decision, so a person can follow their moves.
let myLastSeq = null;

function renderLatest(state) {
  const box = clear($("latest"));
  const entries = (state.log || []).filter((entry) => myLastSeq === null || entry.seq > myLastSeq + 1);
  const shown = entries.slice(-4);
  if (!shown.length) return;
  const heading = myLastSeq === null ? "Latest:" : "Since your last decision:";
  box.append(el("strong", {}, heading), el("ul", {}, shown.map((entry) => logLine(state, entry.text))));
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
}

async function render(state) {
  const firstTime = !current || current.game !== state.game;
  current = state;
  if (firstTime) {
    board = await boardFor(state.game, params.get("board") === "plain");
    document.body.classList.toggle("list-first", board.listFirst === true);
    $("screen-panel").hidden = board.showsScreen === true;
    await loadRules(state);
  }
  renderHeader(state);
  renderSeats(state);
  const boardBox = clear($("board"));
  board.render(boardBox, state, { act, seatName: (seat) => seatName(state, seat) });
  markUnavailable(boardBox, state);
  renderScores($("scores"), state, (seat) => seatName(state, seat));
  $("screen").textContent = state.screen || "";
  renderActions(state);
  renderOutcome(state);
  renderLog(state);
  renderLatest(state);
  renderChat(state);
  document.body.dataset.seq = String(state.seq);
  window.__dinotableState = state; // read by the browser tests, once the page shows it
}

document.addEventListener("keydown", (event) => {
  if (!current || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
  if (!/^[0-9]$/.test(event.key)) return;
  const index = event.key === "0" ? 9 : Number(event.key) - 1;
  const action = current.legal[index];
  if (action) {
    event.preventDefault();
    act(action.id);
  }
});

$("undo").addEventListener("click", undo);
wireBoard($("board"), $("sheet"));
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
}, (up) => {
  $("connection").textContent = up ? "" : "Reconnecting to the server...";
});
