// My Funny Dinos on a board: the pile spot by spot (stacks drawn bottom to top, base tiles with their rocks,
// the paper's edge marked), each player's tiles, restored dinosaurs, bones and points now, the missions and
// the supply. A tile that a legal action names (info.tile) is a button carrying data-action; the success
// chance of an excavation shows on hover and focus. Colour is never the only cue: every tile names its
// colour and part. Every thing the view places carries data-ref and data-cell (the view's words for its
// place: "spot 3", "player 2 tiles", "player 2 dinosaur 1", "bone supply"), every target data-target.
import { el, svg, clickable, plural, words } from "../dom.js";
import { seatBadge, seatColour, seatTag } from "../seats.js";
import { GAP, TILE_H, TILE_W, boneToken, defs, drawGround, drawTile, exhibitionTile, tileWords } from "./my-funny-dinos-tiles.js";

export { tileWords };

function chanceOf(action) {
  const match = /(\d+)\s*%/.exec(`${action.text} ${action.label || ""}`);
  return match ? `${match[1]}% to succeed` : "";
}

/** Makes a drawn tile the button of its legal action. */
function makeActive(node, action, ctx, info) {
  node.classList.add("active");
  node.setAttribute("data-action", action.id);
  const chance = chanceOf(action);
  clickable(node, action.text, () => ctx.act(action.id));
  node.querySelector("title").textContent = action.text;
  const show = () => { if (info) info.textContent = `${action.text}${chance && !action.text.includes("%") ? `: ${chance}` : ""}`; };
  node.addEventListener("mouseenter", show);
  node.addEventListener("focus", show);
}

function spotSvg(spot, actionsByTile, picked, ctx, info) {
  const tiles = spot.tiles || [];
  const cell = `spot ${spot.spot}`;
  const groundH = spot.ref === "base tile" ? 22 : 10;
  // As tall as its own stack: the stacks stand on one line (CSS), a short one drawn short.
  const height = tiles.length * (TILE_H + GAP) + groundH + 6;
  const width = TILE_W + 8;
  const art = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "stack", role: "group",
    "aria-label": `spot ${spot.spot}: ${tiles.length} ${tiles.length === 1 ? "tile" : "tiles"}${spot.edge ? ", at the paper's edge" : ""}` }, defs());
  let y = height - 2 - groundH;
  art.append(...drawGround(spot, cell, y, groundH));
  for (const tile of tiles) {
    y -= TILE_H + GAP;
    const node = drawTile(tile, cell, 6, y);
    const action = actionsByTile.get(tile.tile);
    if (action) makeActive(node, action, ctx, info);
    if (picked.has(tile.tile)) node.classList.add("picked");
    art.append(node);
  }
  return art;
}

function renderPile(view, actionsByTile, picked, ctx, info) {
  const centre = el("div", { class: "spots" });
  const edge = el("div", { class: "spots" });
  for (const spot of view.pile || []) {
    const count = (spot.tiles || []).length;
    const figure = el("figure", { class: `spot${spot.edge ? " edge" : ""}`, "data-spot": spot.spot, "data-target": `spot:${spot.spot}` },
      spotSvg(spot, actionsByTile, picked, ctx, info),
      el("figcaption", {}, el("strong", {}, `Spot ${spot.spot}`), count ? `${count} ${count === 1 ? "tile" : "tiles"} high` : "empty"));
    (spot.edge ? edge : centre).append(figure);
  }
  return el("section", { class: "pile panel" },
    el("h3", {}, "The pile"),
    el("div", { class: "paper" }, el("p", { class: "zone" }, "On the paper"), centre),
    el("div", { class: "paper-edge" }, el("p", { class: "zone" }, "At the paper's edge"), edge));
}

function chip(tile, cell, actionsByTile, picked, ctx, info) {
  const art = svg("svg", { viewBox: `0 0 ${TILE_W} ${TILE_H}`, width: TILE_W, height: TILE_H, class: "chip" });
  const node = drawTile(tile, cell, 0, 0);
  art.append(node);
  const action = actionsByTile.get(tile.tile);
  if (action) makeActive(node, action, ctx, info);
  if (picked.has(tile.tile)) node.classList.add("picked");
  return art;
}

const PART_ORDER = [["head", "Heads"], ["tail", "Tails"], ["leg", "Legs"], ["event", "Events"]];

/** The seat's points if the game ended now (the page's "Scores now" has their parts). */
function pointsNow(state, seat) {
  const row = (state.score_now || []).find((r) => r.seat === seat);
  if (!row || row.hidden || row.total === undefined || row.total === null) return null;
  return el("span", { class: "points-now" }, `${plural(row.total, "point")} now`);
}

function playerPanel(player, state, actionsByTile, picked, ctx, info) {
  const view = state.view;
  const me = state.seat === player.seat;
  const name = ctx.seatName(player.seat);
  const toMove = state.to_move === player.seat && !state.over;
  const held = (view.missions || []).filter((m) => (m.owners || []).includes(player.seat)).map((m) => m.name);
  const who = `player ${player.seat + 1}`; // the view's words for the seat's places
  const head = el("h3", {}, seatBadge(player.seat, 22), el("span", { class: "player-name" }, `${name}${me ? " (you)" : ""}`),
    toMove ? el("span", { class: "badge" }, "to move") : null, pointsNow(state, player.seat));
  const bones = el("span", { class: "bone-row", "data-count": player.bones },
    Array.from({ length: player.bones }, () => boneToken(`${who} bones`)));
  const facts = el("p", { class: "facts" },
    el("span", { class: "bones" }, `${player.bones} ${player.bones === 1 ? "bone" : "bones"}`), player.bones ? " " : null, player.bones ? bones : null,
    ` · ${player.dinosaurs.length} ${player.dinosaurs.length === 1 ? "dinosaur" : "dinosaurs"} restored`,
    ` · missions: ${held.length ? held.join(", ") : "none"}`);
  const loose = el("div", { class: "loose" });
  for (const [part, title] of PART_ORDER) {
    const tiles = player.tiles.filter((t) => t.part === part).sort((a, b) => String(a.colour).localeCompare(String(b.colour)));
    loose.append(el("div", { class: "part-row" }, el("span", { class: "part-name" }, `${title} (${tiles.length})`),
      el("div", { class: "chips" }, tiles.map((t) => chip(t, `${who} tiles`, actionsByTile, picked, ctx, info)))));
  }
  const hiddenTiles = player.tiles.filter((t) => !t.part);
  if (hiddenTiles.length) {
    loose.append(el("div", { class: "part-row" }, el("span", { class: "part-name" }, `Unseen (${hiddenTiles.length})`),
      el("div", { class: "chips" }, hiddenTiles.map((t) => chip(t, `${who} tiles`, actionsByTile, picked, ctx, info)))));
  }
  const dinos = el("div", { class: "dinos" }, player.dinosaurs.length ? null : el("p", { class: "none" }, "No dinosaur restored yet."));
  player.dinosaurs.forEach((dino, index) => {
    const cell = `${who} dinosaur ${index + 1}`;
    dinos.append(el("div", { class: "dino", "data-ref": dino.ref, "data-cell": `${who} dinosaurs` },
      el("p", { class: "dino-name" }, dino.exhibited ? exhibitionTile(cell, dino.value) : null,
        `${dino.ref}, ${plural(dino.value, "point")}${dino.exhibited ? ", on an exhibition tile" : ""}`),
      el("div", { class: "chips" }, dino.tiles.map((t) => chip(t, cell, actionsByTile, picked, ctx, info)))));
  });
  return el("section", { class: `player panel${me ? " me" : ""}${toMove ? " to-move" : ""}`, "data-seat": player.seat,
    style: `border-left: 8px solid ${seatColour(player.seat)}` },
    head, facts, el("h4", {}, "Loose tiles"), loose, el("h4", {}, "Restored dinosaurs"), dinos);
}

function missionsPanel(view, ctx) {
  const cards = (view.missions || []).map((mission) => {
    // Red missions are held by who took them; black ones by who leads their colour now.
    const owners = (mission.owners || []).map((seat) => seatTag(seat, ctx.seatName(seat)));
    const verb = mission.border === "red" ? "taken by " : "led by ";
    const who = owners.length ? [verb, owners.flatMap((tag, i) => (i ? [" and ", tag] : [tag]))] : ["nobody yet"];
    return el("li", { class: `mission border-${mission.border}`, "data-ref": mission.ref, "data-cell": "missions" },
      el("strong", {}, mission.name), el("span", { class: "points" }, ` ${plural(mission.points, "point")}`),
      el("p", {}, mission.text), el("p", { class: "who", "data-owners": (mission.owners || []).join(" ") }, who));
  });
  return el("section", { class: "missions panel" }, el("h3", {}, "Missions"), el("ul", {}, cards));
}

/** The supply: the bone tokens and exhibition tiles nobody has yet, each drawn. */
function supplyPanel(view) {
  const bones = view.bone_supply || 0;
  const plaques = view.exhibition_tiles_left || 0;
  return el("section", { class: "supply panel" }, el("h3", {}, "Supply"),
    el("p", {}, el("span", { class: "supply-name" }, `${bones} ${bones === 1 ? "bone token" : "bone tokens"}`),
      el("span", { class: "bone-row" }, Array.from({ length: bones }, () => boneToken("bone supply")))),
    el("p", {}, el("span", { class: "supply-name" }, `${plaques} ${plaques === 1 ? "exhibition tile" : "exhibition tiles"} left`),
      el("span", { class: "bone-row" }, Array.from({ length: plaques }, () => exhibitionTile("exhibition supply")))));
}

// What clicking does, by the decision's name (the names in decisions.py).
const HINTS = {
  excavate: "Choose a tile in the pile to excavate it.",
  "exchange: give": "Choose one of your loose tiles to give it away in the exchange.",
  "exchange: take": "Choose another player's loose tile to take it for the one you give.",
  restore: "Choose a head to start restoring a dinosaur, or end the turn.",
  "restore: tail": "Choose a tail for the dinosaur.",
  "restore: leg": "Choose a leg for the dinosaur.",
  "restore: second leg": "Choose its second leg.",
};

function promptBar(state, actionsByTile, ctx) {
  const bar = el("div", { class: "prompt" });
  if (state.over) return bar;
  if (!state.legal.length) {
    bar.append(el("p", {}, state.seat === null ? (state.step === undefined ? "Watching." : "A replay: nothing to choose.") : `Waiting for ${ctx.seatName(state.to_move)}.`));
    return bar;
  }
  const decision = state.legal[0].info?.decision || "";
  const tileHint = actionsByTile.size ? HINTS[decision] || "Choose a highlighted tile." : "Choose below.";
  bar.append(el("p", {}, el("strong", {}, `Your turn: ${decision.replace(": ", ", ")}.`), ` ${tileHint}`));
  for (const action of state.legal.filter((a) => a.info?.tile === undefined)) {
    const button = el("button", { type: "button", class: "board-button", "data-action": action.id }, action.text);
    button.addEventListener("click", () => ctx.act(action.id));
    bar.append(button);
  }
  return bar;
}

export function render(container, state, ctx) {
  const view = state.view;
  const actionsByTile = new Map();
  for (const action of state.legal || []) {
    if (action.info && action.info.tile !== undefined) actionsByTile.set(action.info.tile, action);
  }
  // The tiles chosen so far in a restoration or exchange (as tiles of the view, or their numbers).
  const pickedTiles = (view.picked || []).map((p) => (typeof p === "object" ? p : { tile: p }));
  const picked = new Set(pickedTiles.map((p) => p.tile));
  const digging = state.legal[0]?.info?.decision === "excavate";
  const info = el("p", { class: "hover-info", "aria-live": "polite" }, actionsByTile.size
    ? `What a tile does${digging ? " and its chance to succeed" : ""} shows when you point at it, when you choose it with "confirm each move" on, and in the list of choices.` : "");
  const summary = el("p", { class: "summary" },
    `Round ${view.round}${view.final_round ? " (the last)" : ""} · dinosaurs restored ${view.dinosaurs_restored}`);
  const players = [...(view.players || [])].sort((a, b) => (a.seat === state.seat ? -1 : b.seat === state.seat ? 1 : a.seat - b.seat));
  container.append(
    el("div", { class: "mfd" },
      summary,
      promptBar(state, actionsByTile, ctx),
      pickedTiles.length
        ? el("p", { class: "chosen" }, el("strong", {}, String(state.legal[0]?.info?.decision || "").startsWith("exchange") ? "You give: " : "Chosen so far: "), pickedTiles.map((t) => (t.part || t.colour ? tileWords(t) : "a tile")).join(", "))
        : null,
      info,
      renderPile(view, actionsByTile, picked, ctx, info),
      missionsPanel(view, ctx),
      supplyPanel(view),
      el("div", { class: "players" }, players.map((p) => playerPanel(p, state, actionsByTile, picked, ctx, info)))),
  );
}

/** The final score breakdown, per seat, with mission names rather than their ids. */
export function outcomeLines(state) {
  const outcome = state.outcome;
  const missions = Object.fromEntries((state.view.missions || []).map((m) => [m.id, m.name]));
  const rows = (outcome.breakdown || []).map((b, seat) => el("tr", { "data-seat": seat },
    el("th", { scope: "row" }, seatTag(seat, state.seats?.[seat]?.name || `player ${seat + 1}`)),
    el("td", {}, String(b.dinosaurs)), el("td", {}, String(b.tiles)), el("td", {}, String(b.bones)),
    el("td", {}, `${b.missions}${b.mission_tiles?.length ? ` (${b.mission_tiles.map((id) => missions[id] || id).join(", ")})` : ""}`),
    el("td", {}, el("strong", {}, String(b.total)))));
  const extra = Object.entries(outcome).filter(([key]) => !["over", "scores", "winners", "breakdown", "dinosaurs_restored", "rounds"].includes(key));
  return el("div", {},
    el("table", { class: "breakdown" },
      el("thead", {}, el("tr", {}, ["Player", "Dinosaurs", "Tiles", "Bones", "Missions", "Total"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows)),
    el("p", {}, `${outcome.dinosaurs_restored} ${outcome.dinosaurs_restored === 1 ? "dinosaur" : "dinosaurs"} restored in ${plural(outcome.rounds, "round")}.`),
    extra.map(([key, value]) => el("p", {}, `${key.replace(/_/g, " ")}: ${words(value)}`)));
}

/** Where another seat's last decision shows (js/marks.js): the spot it excavated, the tile it picked. */
export function moveSelectors(state, move) {
  const info = move.info;
  if (info.kind === "excavate") return [`[data-cell="spot ${info.spot}"]`];
  if (info.kind === "pick") return [`[data-tile="${info.tile}"]`];
  return [];
}
