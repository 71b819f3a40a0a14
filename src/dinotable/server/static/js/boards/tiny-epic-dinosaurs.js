// Tiny Epic Dinosaurs on a board: the four Action Boards A-D with who stands where and with what strength, the
// Round Board, the Contract and Research rows, the supply and the Hunting Die; each Farm as a grid with its
// symbols, water and mountain edges, dotted lines, Barriers, Enclosures and dinosaurs; each player's tracks,
// Containment Zone, Medical Leave and cards. Every element a legal action names (info.action_space, info.edge,
// info.cell, info.research, info.contract) is a button carrying data-action; every decision stays in the list.
import { actionButton, el, svg, words } from "../dom.js";
import { seatBadge, seatColour, seatTag } from "../seats.js";
import { farmSvg, legend, speciesChip } from "./tiny-epic-dinosaurs-farm.js";

// The Farm pictures of the game's content (content.toml, [[farm]]) are read and drawn in
// tiny-epic-dinosaurs-farm.js; tests/web/test_tiny_epic_dinosaurs_board.py checks they match the content.
export { readFarm } from "./tiny-epic-dinosaurs-farm.js";

// The Round Board (content numbers: 6 rounds, the fourth Dinofarmer arrives in round 4; 0-13 on a track).
const ROUNDS = 6;
const NEW_DINOFARMER_ROUND = 4;
const TRACK_MAX = 13;
const RESOURCES = ["plant", "meat", "supply"];
// The rulebook's seven phases of a round, and the phase each decision (the view's "phase") belongs to.
const PHASES = ["Collect Resources", "Allocate Dinofarmers", "Retrieve Dinofarmers", "Adapt the Farm", "Feed Dinosaurs", "Breeding", "Prepare for Next Round"];
const PHASE_OF = {
  "Allocate Dinofarmers": 1, "choose on the action space": 1, "Adapt the Farm": 3, "Feed Dinosaurs": 4,
  "Breeding: placing newly hatched dinosaurs": 5,
};

// Where things are, in the view's own words: a player is "player 1" (the view's holders), the Rival "Rival".
const who = (seat) => `player ${seat + 1}`;

function seatOfHolder(state, holder) {
  const entry = (state.seats || []).find((s) => String(s.name).toLowerCase() === String(holder).toLowerCase());
  if (entry) return entry.seat;
  const match = /^player (\d+)$/i.exec(holder);
  return match ? Number(match[1]) - 1 : null;
}

function holderTag(state, holder, ctx) {
  const seat = seatOfHolder(state, holder);
  return seat === null ? el("span", { class: "rival-tag" }, "Rival") : seatTag(seat, ctx.seatName(seat));
}

/** A card drawn where the view places it: its name, tappable for its reference entry. */
function card(c, where, attrs = {}, ...more) {
  return el("li", { class: "ted-card", "data-ref": c.ref, "data-cell": where, ...attrs }, el("strong", {}, c.name), ...more);
}

/** A list of cards placed together ("player 1 Research"), or "none". */
function cardList(list, where, kind = "ted-held") {
  return list?.length ? el("ul", { class: kind }, list.map((c) => el("li", { "data-ref": c.ref, "data-cell": where }, c.name)))
    : el("span", { class: "none" }, "none");
}

// ---------------------------------------------------------------------------------------------- the table
/** The strength a placement enters with: the Foreman counts 2 (rulebook), and says so. */
function entryWords(info) {
  const farmers = info.dinofarmers ? `${info.dinofarmers} ${info.dinofarmers === 1 ? "Dinofarmer" : "Dinofarmers"}` : "";
  const strength = info.dinofarmers + (info.foreman ? 2 : 0);
  return `${[info.foreman ? "Foreman" : "", farmers].filter(Boolean).join(" + ")}, strength ${strength}`;
}

/** A Dinofarmer or the Foreman (taller) in its seat's colour, standing on `where`. */
function meeple(seat, ref, where) {
  const tall = ref === "Foreman";
  return el("span", { class: `meeple${tall ? " foreman" : ""}`, "data-ref": ref, "data-cell": where, title: ref },
    svg("svg", { viewBox: "0 0 16 20", width: tall ? 16 : 12, height: tall ? 20 : 15, "aria-hidden": "true", focusable: "false" },
      svg("path", { d: "M8 1 a3.5 3.5 0 1 1 0 7 a3.5 3.5 0 1 1 0 -7 M2 19 l2 -9 h8 l2 9 z", fill: seatColour(seat), stroke: "#222", "stroke-width": 1.2 })));
}

/** Who stands on a space: each player's Dinofarmers and Foreman, the Rival's card; strength in words. */
function occupant(state, space, holder, n, ctx) {
  if (holder === "Rival") return el("span", { class: "occupant" }, holderTag(state, holder, ctx), ` strength ${n}`);
  const seat = seatOfHolder(state, holder);
  const foreman = (space.foreman || []).includes(holder);
  const farmers = n - (foreman ? 2 : 0);
  const people = [...(foreman ? [meeple(seat, "Foreman", space.name)] : []), ...Array.from({ length: farmers }, () => meeple(seat, "Dinofarmer", space.name))];
  // The Foreman counts 2 of its holder's strength (rulebook), and shows so.
  const strength = foreman ? ` strength ${n} (Foreman 2${farmers ? ` + ${farmers} Dinofarmer${farmers > 1 ? "s" : ""}` : ""})` : ` strength ${n}`;
  return el("span", { class: "occupant" }, holderTag(state, holder, ctx), " ", ...people, strength);
}

function actionBoards(state, actions, ctx) {
  const boards = new Map();
  for (const space of state.view.action_spaces || []) {
    if (!boards.has(space.board)) boards.set(space.board, []);
    boards.get(space.board).push(space);
  }
  const places = actions.filter((a) => a.info?.kind === "place");
  const chosen = actions.filter((a) => a.info?.action_space && a.info.kind !== "place");
  const rivalCards = state.view.rival?.played || [];
  return el("section", { class: "panel ted-boards" }, el("h3", {}, "Action Boards"),
    el("div", { class: "ted-board-row" }, [...boards.keys()].sort().map((board) => el("div", { class: "ted-board", "data-board": board },
      el("h4", {}, `Board ${board}`),
      el("ul", {}, boards.get(board).map((space) => {
        const here = places.filter((a) => a.info.action_space === space.id);
        const occupants = Object.entries(space.occupants || {});
        const entry = Math.min(...here.map((a) => a.info.dinofarmers + (a.info.foreman ? 2 : 0)));
        const deciding = chosen.filter((a) => a.info.action_space === space.id);
        const blocked = rivalCards.filter((c) => c.space === space.name);
        return el("li", { class: `ted-space${here.length ? " open" : ""}${deciding.length ? " deciding" : ""}`, "data-space": space.id,
          "data-target": `action_space:${space.id}` },
        el("strong", { "data-ref": space.ref }, space.name),
        el("p", { class: "does" }, space.cost ? `pay ${space.cost}: ${space.does}` : space.does),
        el("p", { class: "who" }, occupants.length ? occupants.map(([holder, n]) => occupant(state, space, holder, n, ctx)) : el("span", { class: "none" }, "free")),
        blocked.length ? el("ul", { class: "rival-cards" }, blocked.map((c) => card(c, space.name, { class: "ted-card rival-card" }, " (the Rival's card)"))) : null,
        here.length ? el("p", { class: "need" }, `Place with strength ${entry} or more:`) : null,
        here.map((a) => actionButton(a, ctx, entryWords(a.info))),
        // The choice made on the space just taken (a species, a trade): here, and in the list.
        deciding.filter((a) => a.info.research === undefined && a.info.contract === undefined).map((a) => actionButton(a, ctx, a.text)));
      }))))));
}

function roundBoard(view) {
  const track = [];
  for (let r = 1; r <= ROUNDS; r += 1) {
    const now = r === view.round;
    track.push(el("li", { class: `${now ? "now" : ""}${r < view.round ? " past" : ""}`, "aria-current": now ? "step" : undefined,
      ...(now ? { "data-ref": "Round Marker", "data-cell": `round ${r}`, title: "Round Marker" } : {}) },
    String(r), r === NEW_DINOFARMER_ROUND ? el("span", { class: "farmer-mark", title: "Receive a new Dinofarmer" }, view.round < r ? " +1 Dinofarmer" : " Dinofarmer received") : null));
  }
  const now = PHASE_OF[view.escape_during || view.phase]; // an escape is marked in the phase it interrupts
  const phases = el("ol", { class: "ted-phases", "aria-label": "The phases of a round" }, PHASES.map((name, i) => el("li", {
    class: i === now ? "now" : "", "aria-current": i === now ? "step" : undefined }, name)));
  const setup = view.phase.startsWith("choosing a Private Contract");
  // A phase each seat plays for itself, one after another: who has still to choose.
  const waiting = view.still_to_choose || [];
  return el("section", { class: "panel ted-round" }, el("h3", {}, "Round Board"),
    el("p", {}, el("strong", {}, `Round ${view.round} of ${ROUNDS}`), `: ${setup ? "Setup, " : ""}${view.phase}`),
    waiting.length ? el("p", { class: "still-to-choose" }, `Still to choose: ${waiting.join(", ")}`) : null,
    el("ol", { class: "ted-track", "aria-label": "Rounds" }, track), phases);
}

/** A row of face-up cards in numbered slots ("Contracts 1"); a card a decision names is a target. */
function cardRow(title, slot, cards, actions, key, terms, ctx, ...extra) {
  return el("section", { class: "panel ted-cards", "data-key": key }, el("h3", {}, title),
    el("ul", {}, cards.map((c, i) => {
      const mine = actions.filter((a) => a.info?.[key] === c.name);
      return card(c, `${slot} ${i + 1}`, { class: `ted-card${mine.length ? " open" : ""}`, "data-target": `${key}:${c.name}` },
        el("p", {}, c[terms] || ""), mine.map((a) => actionButton(a, ctx, key === "research" ? "Buy it" : "Take it")));
    }), cards.length ? null : el("li", { class: "none" }, "none")),
    ...extra);
}

function supplyPanel(view, state, ctx) {
  const die = view.hunting_die;
  // The die's own sentence ("rolled Net hunting an Allosaurus"), after the roller's mark and name.
  const rolled = die && die.text.startsWith(die.who) ? die.text.slice(die.who.length) : die && ` ${die.text}`;
  return el("section", { class: "panel ted-supply" }, el("h3", {}, "Supply"),
    el("ul", { class: "counts" }, (view.species || []).map((sp) => el("li", {}, speciesChip(sp.key), ` ${sp.name} ${view.supply?.[sp.key] ?? 0}`)),
      el("li", {}, `Barriers ${view.barrier_supply}`)),
    el("p", { class: "die" }, el("strong", {}, "Hunting Die: "), die ? [holderTag(state, die.who, ctx), rolled] : "not rolled yet"));
}

/** A resource track 0-13 with its marker placed on the value ("player 1 plant 13"). */
function track(resource, value, owner) {
  const at = Math.min(value, TRACK_MAX);
  const boxes = [];
  for (let i = 0; i <= TRACK_MAX; i += 1) {
    boxes.push(el("span", { class: `box${i === at ? " at" : ""}`, ...(i === at ? { "data-ref": resource, "data-cell": `${owner} ${resource} ${value}` } : {}) },
      i === at ? String(value) : ""));
  }
  return el("div", { class: `ted-res res-${resource}`, role: "img", "aria-label": `${resource}: ${value} of ${TRACK_MAX}` },
    el("span", { class: "res-name" }, `${resource[0].toUpperCase()}${resource.slice(1)} ${value}`), el("span", { class: "res-track" }, boxes));
}

/** Dinosaurs counted by species, each drawn where it is ("player 1 Medical Leave"); Unique ones by name. */
function counted(view, counts, where, uniques = []) {
  const items = (view.species || []).filter((sp) => counts?.[sp.key]).map((sp) => el("li", {},
    `${counts[sp.key]} ${sp.name} `, Array.from({ length: counts[sp.key] }, () => speciesChip(sp.key, sp.ref, where))));
  for (const u of uniques) items.push(el("li", {}, `${u.name} `, speciesChip(null, u.ref, where)));
  return items.length ? el("ul", { class: "counts" }, items) : el("span", { class: "none" }, "none");
}

/** Private Contracts: the viewing seat's by name ("hand", a target of the Contract Office), another's face down. */
function privateCards(list, where, actions, ctx) {
  if (typeof list === "number") {
    if (!list) return el("span", { class: "none" }, "none");
    return el("span", {}, Array.from({ length: list }, () => el("span", { class: "card-back", "aria-hidden": "true" })), ` ${list} face down`);
  }
  if (!list.length) return el("span", { class: "none" }, "none");
  return el("ul", { class: "ted-held" }, list.map((c) => {
    const mine = actions.filter((a) => a.info?.contract === c.name);
    return card(c, where, { "data-target": `contract:${c.name}` }, `: ${c.needs} `,
      mine.map((a) => actionButton(a, ctx, where === "dealt" ? "Keep it" : "Take it")));
  }));
}

/** The Enclosures in words, as the view gives them: "Enclosure 1: A3, B3 (2 spaces)". */
function enclosureWords(player) {
  const closed = player.enclosures || [];
  return closed.length ? closed.map((cells, i) => `Enclosure ${i + 1}: ${cells.join(", ")} (${cells.length} ${cells.length === 1 ? "space" : "spaces"})`).join("; ") : "none";
}

function playerPanel(player, seat, state, actions, ctx) {
  const view = state.view;
  const me = state.seat === seat;
  const toMove = !state.over && state.to_move === seat;
  const owner = who(seat);
  const mine = me ? actions : [];
  const keyByName = new Map((view.species || []).map((sp) => [sp.name, sp.key]));
  const farmers = `${player.dinofarmers} ${player.dinofarmers === 1 ? "Dinofarmer" : "Dinofarmers"}${player.foreman ? " and the Foreman" : ""} to place`;
  const row = (title, value) => el("div", { class: "fact" }, el("dt", {}, title), el("dd", {}, value));
  // The viewing seat's own dealt cards are drawn first on the page (render); another's are card backs here.
  const dealt = Array.isArray(player.dealt) ? 0 : player.dealt;
  return el("section", { class: `panel player-panel ted-player${me ? " me" : ""}${toMove ? " to-move" : ""}`, "data-seat": seat,
    style: `border-left: 8px solid ${seatColour(seat)}` },
  el("h3", {}, seatBadge(seat, 22), `${ctx.seatName(seat)}${me ? " (you)" : ""}`, ` · ${player.farm} Farm · ${player.score} VP`),
  // Marks of their own line, so no badge sits over the heading's words.
  el("p", { class: "ted-marks" },
    view.first_player === seat ? el("span", { class: "badge first", "data-ref": "First Player Marker", "data-cell": owner }, "First Player Marker") : null,
    toMove ? el("span", { class: "badge" }, "to move") : null),
  el("div", { class: "ted-farm-row" },
    el("div", {}, farmSvg(player, owner, `${player.farm} Farm of ${ctx.seatName(seat)}`, keyByName, mine, ctx), legend(mine.some((a) => a.info?.edge))),
    el("div", { class: "ted-tracks" }, RESOURCES.map((r) => track(r, player.resources?.[r] ?? 0, owner)),
      el("p", { class: "facts" }, `${player.barriers} ${player.barriers === 1 ? "Barrier" : "Barriers"} in hand · ${farmers}`))),
  el("dl", { class: "view-dl" },
    toMove && view.escaping?.length ? row("Escaping now", el("ul", { class: "counts" }, view.escaping.map((d) => el("li", {}, `${d.name} `, speciesChip(keyByName.get(d.name) || null, d.ref, "escaping"))))) : null,
    row("Enclosures", enclosureWords(player)),
    row("Containment Zone", counted(view, player.containment, `${owner} Containment Zone`, player.containment_unique || [])),
    row("Medical Leave", counted(view, player.medical_leave, `${owner} Medical Leave`)),
    Object.values(player.newborns || {}).some(Boolean) ? row("Newborns", counted(view, player.newborns, `${owner} newborns`)) : null,
    row("Research", cardList(player.research, `${owner} Research`)),
    row("Contracts fulfilled", cardList(player.fulfilled, `${owner} Contracts fulfilled`)),
    // Another seat's Private Contracts are named only once the game's end shows them.
    row("Private Contracts", privateCards(player.private, me ? "hand" : `${owner} Private Contracts`, mine, ctx)),
    dealt ? row("Private Contracts dealt", privateCards(player.dealt, `${owner} dealt`, mine, ctx)) : null,
    player.penalties ? row("Penalties", String(player.penalties)) : null));
}

function rivalPanel(rival, state, ctx) {
  const spaces = new Set((state.view.action_spaces || []).map((s) => s.name));
  const row = (title, value) => el("div", { class: "fact" }, el("dt", {}, title), el("dd", {}, value));
  return el("section", { class: "panel ted-rival", "data-key": "rival" },
    el("h3", {}, el("span", { class: "rival-tag" }, "Rival"), ` · ${rival.score} VP`,
      state.view.first_player === "rival" ? el("span", { class: "badge first", "data-ref": "First Player Marker", "data-cell": "Rival" }, "First Player Marker") : null),
    el("dl", { class: "view-dl" },
      row("Columns", counted(state.view, rival.columns, "Rival columns")),
      row("Resources", el("ul", { class: "counts" }, RESOURCES.map((r) => el("li", { "data-ref": r, "data-cell": `Rival ${r} ${rival.resources?.[r] ?? 0}` }, `${r} ${rival.resources?.[r] ?? 0}`)))),
      row("Contracts", cardList(rival.contracts, "Rival Contracts")),
      row("Research", cardList(rival.research, "Rival Research")),
      // A card played this round lies on the space it blocks (the Action Boards, placed there) and is named
      // here too; one that found no space lies here.
      row("Played this round", (rival.played || []).length ? el("ul", { class: "ted-held" }, rival.played.map((c) => (spaces.has(c.space)
        ? el("li", { "data-ref": c.ref }, `${c.name}, on ${c.space}`) : el("li", { "data-ref": c.ref, "data-cell": "Rival played" }, c.name))))
        : el("span", { class: "none" }, "none")),
      row("Cards left", String(rival.cards_left))),
    el("details", {}, el("summary", {}, "How the Rival plays"), el("p", {}, rival.rules)));
}

// ---------------------------------------------------------------------------------------------- the page
const HINTS = {
  "Allocate Dinofarmers": "Choose a button on an action space to place Dinofarmers or the Foreman there.",
  "Adapt the Farm": "Choose a dotted line to place a Barrier, a dinosaur to lift it, or a highlighted space to put one there.",
  "Dinosaur Escape": "Choose the Barrier or the dinosaur the choice names, or choose below.",
};

function promptBar(state, actions, ctx, placed) {
  const bar = el("div", { class: "prompt" });
  if (state.over) return bar;
  if (!actions.length) {
    bar.append(el("p", {}, state.seat === null || state.seat === undefined ? "Watching." : `Waiting for ${ctx.seatName(state.to_move)}.`));
    return bar;
  }
  const decision = actions[0].info?.decision || state.view.phase;
  bar.append(el("p", {}, el("strong", {}, `Your turn: ${decision}.`), ` ${HINTS[decision] || "Choose on the board or below."}`));
  // Choices with no place of their own on the board: buttons here too.
  for (const a of actions.filter((x) => !placed.has(String(x.id)))) bar.append(actionButton(a, ctx, a.text));
  return bar;
}

export function render(container, state, ctx) {
  const view = state.view || {};
  const actions = state.legal || [];
  const players = (view.players || []).map((p, seat) => [p, seat]);
  players.sort(([, a], [, b]) => (a === state.seat ? -1 : b === state.seat ? 1 : a - b));
  const me = view.players?.[state.seat];
  // The Private Contracts dealt to the viewing seat, to keep one: first on the page while it chooses.
  const dealt = Array.isArray(me?.dealt) && me.dealt.length ? me.dealt : null;
  const keeping = actions.some((a) => a.info?.kind === "contract" && a.info.decision?.includes("Private"));
  const board = el("div", { class: "ted" },
    dealt ? el("section", { class: "panel ted-cards ted-dealt" }, el("h3", {}, "Private Contracts dealt to you"), privateCards(dealt, "dealt", actions, ctx)) : null,
    el("div", { class: "ted-table" },
      actionBoards(state, actions, ctx),
      roundBoard(view),
      supplyPanel(view, state, ctx),
      cardRow("Contracts", "Contracts", view.public_contracts || [], keeping ? [] : actions, "contract", "needs", ctx,
        el("p", { class: "facts" }, `Public deck ${view.public_deck} · Private deck ${view.private_deck}`)),
      cardRow("Research", "Research row", view.research_row || [], actions, "research", "terms", ctx,
        el("p", { class: "facts" }, `Deck ${view.research_deck} · discarded:`), cardList(view.research_discard, "Research discard", "ted-discard"))),
    view.rival ? rivalPanel(view.rival, state, ctx) : null,
    el("div", { class: "player-panels ted-players" }, players.map(([p, seat]) => playerPanel(p, seat, state, actions, ctx))));
  const placed = new Set([...board.querySelectorAll("[data-action]")].map((n) => n.getAttribute("data-action")));
  board.prepend(promptBar(state, actions, ctx, placed));
  container.append(board);
}

/** The final score breakdown: each seat's Contracts, Research and dinosaurs, and the solo Rival's beside them. */
export function outcomeLines(state) {
  const outcome = state.outcome;
  const name = (seat) => state.seats?.find((s) => s.seat === seat)?.name || `player ${seat + 1}`;
  const row = (who, b, attrs) => el("tr", attrs, el("th", { scope: "row" }, who),
    el("td", {}, String(b.contracts)), el("td", {}, String(b.research)), el("td", {}, String(b.dinosaurs)),
    el("td", {}, el("strong", {}, String(b.total))));
  const rows = (outcome.breakdown || []).map((b, seat) => row(seatTag(seat, name(seat)), b, { "data-seat": seat }));
  for (const [who, b] of Object.entries(outcome.automata || {})) rows.push(row(el("span", { class: "rival-tag" }, "R ", who), b, { "data-automaton": who }));
  const result = { lost: "You lost to the Rival: you win only by beating its score.", won: "You beat the Rival." }[outcome.result];
  const extra = Object.entries(outcome).filter(([key]) => !["over", "scores", "winners", "breakdown", "automata", "rounds", "result"].includes(key));
  return el("div", {},
    el("table", { class: "breakdown" },
      el("thead", {}, el("tr", {}, ["Player", "Contracts", "Research", "Dinosaurs", "Total"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows)),
    result ? el("p", { class: "result" }, result) : null,
    el("p", {}, `${outcome.rounds} rounds played.`),
    extra.map(([key, value]) => el("p", {}, `${key.replace(/_/g, " ")}: ${words(value)}`)));
}

/** Where another seat's last decision shows (js/marks.js): the action space it used, or the Farm space or
 * fence it changed. */
export function moveSelectors(state, move) {
  const info = move.info;
  const farm = `player ${move.seat + 1}`;
  if (info.edge) return [`[data-cell="${farm} ${info.edge}"]`];
  if (info.cell) return [`[data-cell="${farm} ${info.cell}"]`];
  if (info.action_space) return [`[data-space="${info.action_space}"]`];
  return [];
}
