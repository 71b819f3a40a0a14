// The lobby: make a table (game, seats, options), share its seat links, list this browser's tables.
import { api, saveName, saveToken, savedName, savedTokens } from "./api.js";
import { el, clear, plural } from "./dom.js";
import { CLOCK_CHOICES, describeClock } from "./clock.js";

const $ = (id) => document.getElementById(id);
let games = [];

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

function seatChoices(levels) {
  return [el("option", { value: "human" }, "a person"), ...levels.map((level) => el("option", { value: `bot:${level}` }, `a bot (${level})`))];
}

function renderSeats() {
  const game = currentGame();
  const box = clear($("seats"));
  box.append(el("legend", {}, "Seats"));
  const count = Number($("count").value);
  for (let seat = 0; seat < count; seat += 1) {
    const select = el("select", { name: `seat-${seat}`, "data-seat": seat, "aria-label": `Who sits in seat ${seat + 1}` },
      seatChoices(game.bot_levels));
    select.value = seat === 0 ? "human" : `bot:${game.bot_levels[0]}`;
    // A person's name (the seat's person may change it when they sit down, until their first decision).
    const name = el("input", { class: "seat-name-input", "data-name": seat, maxlength: 24, placeholder: `Player ${seat + 1}`,
      "aria-label": `Name of the person in seat ${seat + 1}`, value: seat === 0 ? savedName() : "" });
    const showName = () => { name.hidden = select.value !== "human"; };
    select.addEventListener("change", showName);
    showName();
    box.append(el("div", { class: "field seat-field" }, el("span", { class: "seat-number" }, `Seat ${seat + 1}`), select, name));
  }
}

function optionInput(option) {
  const id = `option-${option.name}`;
  if (option.kind === "bool") {
    return el("input", { id, type: "checkbox", checked: option.default === true, "data-option": option.name });
  }
  if (option.kind === "choice") {
    const select = el("select", { id, "data-option": option.name });
    option.choices.forEach((choice, index) => {
      const label = option.choice_labels ? option.choice_labels[index] : null;
      const shown = label || (choice === "" ? "none" : String(choice));
      select.append(el("option", { value: String(index), selected: choice === option.default }, shown));
    });
    return select;
  }
  const numeric = option.kind === "int" || option.kind === "float" || option.kind === "per_seat_float";
  return el("input", {
    id,
    type: numeric ? "number" : "text",
    step: option.kind === "int" ? "1" : "any",
    value: String(option.default),
    "data-option": option.name,
  });
}

function renderOptions() {
  const game = currentGame();
  const box = clear($("options"));
  box.append(el("legend", {}, "Options"));
  if (!game.options.length) box.append(el("p", {}, "This game has no options."));
  for (const option of game.options) {
    const input = optionInput(option);
    const chosen = option.choice_help ? el("div", { class: "choice-help help", "data-choice-help": option.name, "aria-live": "polite" }) : null;
    input.addEventListener("change", () => optionChanged(option));
    box.append(
      el("div", { class: "option" },
        el("label", { for: `option-${option.name}` }, option.label),
        input,
        el("p", { class: "help" }, option.help || ""),
        chosen),
    );
  }
  box.append(el("p", { id: "option-note", class: "option-note", role: "status" }));
  showChoiceHelp();
  checkPlayers();
}

// What the chosen value of a choice option means (a scenario's story and objective), shown before the table is made.
function showChoiceHelp() {
  for (const option of currentGame().options) {
    if (!option.choice_help) continue;
    const box = clear(document.querySelector(`[data-choice-help="${option.name}"]`));
    const text = option.choice_help[Number(document.querySelector(`[data-option="${option.name}"]`).value)] || "";
    for (const paragraph of text.split("\n\n").filter(Boolean)) box.append(el("p", {}, paragraph));
  }
}

// Options that need a player count (a solo scenario: 1, a co-op: 2) set it when chosen.
function optionChanged(option) {
  showChoiceHelp();
  const value = readOptions()[option.name];
  const game = currentGame();
  if (option.players && value !== undefined && option.players >= game.min_players && option.players <= game.max_players) {
    $("count").value = String(option.players);
    renderSeats();
  }
  checkPlayers();
}

// Says at once which chosen option the player count does not fit, as the server would refuse it.
function checkPlayers() {
  const note = $("option-note");
  if (!note) return;
  $("form-error").textContent = ""; // a refusal of the table as it was chosen before
  const count = Number($("count").value);
  const chosen = readOptions();
  const needs = currentGame().options.filter((o) => o.players && chosen[o.name] !== undefined);
  const players = (n) => `${n} player${n === 1 ? "" : "s"}`;
  if (new Set(needs.map((o) => o.players)).size > 1) {
    note.textContent = `${needs.map((o) => `“${o.label}” (${players(o.players)})`).join(" and ")} `
      + "cannot be played together: take one off.";
  } else {
    note.textContent = needs.filter((o) => o.players !== count)
      .map((o) => `“${o.label}” is for ${players(o.players)}, not ${count}: choose ${players(o.players)} or take it off.`)
      .join(" ");
  }
  // A table the note refuses is not sent: the note says why, in the lobby's words.
  $("create").disabled = note.textContent !== "";
}

function renderCounts() {
  const game = currentGame();
  const select = clear($("count"));
  for (let n = game.min_players; n <= game.max_players; n += 1) select.append(el("option", { value: n }, String(n)));
  select.value = String(Math.max(game.min_players, Math.min(2, game.max_players)));
  renderSeats();
  renderOptions();
}

function readOptions() {
  const game = currentGame();
  const options = {};
  for (const option of game.options) {
    const input = document.querySelector(`[data-option="${option.name}"]`);
    let value;
    if (option.kind === "bool") value = input.checked;
    else if (option.kind === "choice") value = option.choices[Number(input.value)];
    else if (option.kind === "int") value = parseInt(input.value, 10);
    else if (option.kind === "float" || option.kind === "per_seat_float") value = parseFloat(input.value);
    else value = input.value;
    if (value !== option.default) options[option.name] = value;
  }
  return options;
}

function absolute(url) {
  return new URL(url, location.href).href;
}

function showCreated(result, players, clock, hints) {
  const box = clear($("created"));
  box.hidden = false;
  const mine = result.seats.find((seat) => seat.token);
  if (mine) saveToken(result.table, mine.token);
  box.append(el("h3", {}, "Your table is ready"));
  const list = el("ul", { class: "seat-links" });
  result.seats.forEach((seat, index) => {
    const who = players[index].type === "bot" ? "a bot" : "a person";
    if (!seat.url) {
      list.append(el("li", {}, `${seat.name || `Player ${index + 1}`}: ${who}`));
      return;
    }
    const link = absolute(seat.url);
    const copy = el("button", { type: "button", class: "copy" }, "Copy link");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(link);
        copy.textContent = "Copied";
      } catch {
        copy.textContent = "Select the link and copy it";
      }
    });
    const mineNote = seat === mine ? " (your seat)" : " (send this link to the player)";
    list.append(el("li", { "data-seat": seat.seat },
      `${seat.name || `Player ${index + 1}`}: ${who}${mineNote} `,
      el("a", { href: seat.url, class: "seat-link" }, link), " ", copy));
  });
  box.append(list);
  box.append(el("p", { class: "clock-chosen" }, `Clock: ${describeClock(clock)}.`));
  if (hints) box.append(el("p", { class: "hints-chosen" }, "Hints allowed: each player may ask for the hard bot's three best choices on their turn."));
  if (result.spectator_url) {
    box.append(el("p", {}, "Spectators: ", el("a", { href: result.spectator_url }, absolute(result.spectator_url))));
  }
  if (mine) box.append(el("p", {}, el("a", { href: mine.url, class: "go", id: "go-to-seat" }, "Go to your seat")));
  loadMine();
}

async function create(event) {
  event.preventDefault();
  $("form-error").textContent = "";
  const players = [...document.querySelectorAll("#seats select")].map((select, seat) => {
    if (select.value !== "human") return { type: "bot", level: select.value.slice(4) };
    const name = document.querySelector(`[data-name="${seat}"]`).value.trim();
    return name ? { type: "human", name } : { type: "human" };
  });
  if (players[0].name) saveName(players[0].name);
  const body = { game: currentGame().name, players, options: readOptions() };
  const clock = CLOCK_CHOICES.find((choice) => choice.value === $("clock").value);
  if (clock && clock.clock) body.clock = clock.clock;
  if ($("hints").checked) body.hints = true;
  const seed = $("seed").value.trim();
  if (seed !== "") body.seed = parseInt(seed, 10);
  $("create").disabled = true;
  try {
    showCreated(await api.createTable(body), players, body.clock || null, body.hints === true);
  } catch (error) {
    $("form-error").textContent = error.message;
  } finally {
    $("create").disabled = false;
  }
}

async function loadMine() {
  const tokens = savedTokens();
  const entries = Object.entries(tokens);
  const list = clear($("mine-list"));
  $("mine-empty").hidden = entries.length > 0;
  if (!entries.length) return;
  let rows;
  try {
    rows = await api.myTables(entries.map(([, token]) => token));
  } catch (error) {
    list.append(el("li", { class: "error" }, `Could not list your tables: ${error.message}`));
    return;
  }
  for (const row of rows) {
    const token = tokens[row.table];
    const turn = row.over ? "game over" : row.your_turn ? "your turn" : `${row.to_move_name || "nobody"} to move`;
    list.append(el("li", { class: row.your_turn ? "your-turn" : "", "data-table": row.table },
      el("a", { href: `/t/${encodeURIComponent(row.table)}?token=${encodeURIComponent(token)}` }, row.heading || row.title),
      el("span", { class: "turn" }, ` ${turn}, after ${plural(row.seq, "decision")}`)));
  }
}

async function start() {
  try {
    games = await api.games();
  } catch (error) {
    $("form-error").textContent = `Could not load the games: ${error.message}`;
    return;
  }
  for (const game of games) $("game").append(el("option", { value: game.name }, game.title));
  for (const choice of CLOCK_CHOICES) $("clock").append(el("option", { value: choice.value }, choice.label));
  const preferred = games.find((g) => g.name === "my-funny-dinos");
  if (preferred) $("game").value = preferred.name;
  $("game").addEventListener("change", renderCounts);
  $("count").addEventListener("change", () => {
    renderSeats();
    checkPlayers();
  });
  $("table-form").addEventListener("submit", create);
  renderCounts();
  loadMine();
}

start();
