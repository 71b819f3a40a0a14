// My Funny Dinos on a board: the pile spot by spot (stacks drawn bottom to top, base tiles with their rocks,
// the paper's edge marked), each player's tiles, restored dinosaurs and bones, and the three missions.
// A tile that a legal action names (info.tile) is a button carrying data-action; the success chance of an
// excavation shows on hover and focus. Colour is never the only cue: every tile names its colour and part.
import { el, svg, clickable, words } from "../dom.js";
import { seatBadge, seatColour, seatTag } from "../seats.js";

// A colour-blind-safe palette (Okabe-Ito based), each with the text colour that reads on it.
const COLOURS = {
  red: ["#D55E00", "#fff"],
  orange: ["#E69F00", "#000"],
  yellow: ["#F0E442", "#000"],
  green: ["#009E73", "#fff"],
  blue: ["#0072B2", "#fff"],
  purple: ["#6A3D9A", "#fff"],
  pink: ["#F4A6C8", "#000"],
  brown: ["#8C5A2B", "#fff"],
};
const PART_WORDS = { head: "head", tail: "tail", leg: "leg" };
const ICON_WORDS = { shovel: "shovel", exchange: "exchange", bone_pile: "bone pile", two: "circled 2" };
const TILE_W = 96;
const TILE_H = 40;
const GAP = 4;

function partWord(tile) {
  if (tile.part === "event") return ICON_WORDS[tile.icon] || tile.ref || "event";
  return PART_WORDS[tile.part] || tile.part;
}

/** The words a player reads for a tile: what is visible of it. */
export function tileWords(tile) {
  if (tile.part) return `${tile.colour} ${partWord(tile)}`;
  if (tile.colour) return `${tile.colour} ribbon, face down`;
  return "buried tile, unseen";
}

function glyph(tile, x, y, ink) {
  // Small drawings so the part reads at a glance, beside its word.
  const common = { fill: "none", stroke: ink, "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" };
  switch (tile.part === "event" ? tile.icon : tile.part) {
    case "head":
      return svg("g", {}, svg("path", { ...common, d: `M${x} ${y + 8} q4 -12 16 -8 l4 6 l-8 4 z` }), svg("circle", { cx: x + 12, cy: y + 1, r: 1.6, fill: ink }));
    case "tail":
      return svg("path", { ...common, d: `M${x} ${y + 2} q10 0 20 10 q-12 -2 -20 -4 z` });
    case "leg":
      return svg("path", { ...common, d: `M${x + 6} ${y - 2} l0 10 l-4 4 l12 0 M${x + 14} ${y - 2} l0 10 l4 4` });
    case "shovel":
      return svg("path", { ...common, d: `M${x + 2} ${y - 2} l12 12 M${x + 12} ${y + 6} l6 -2 l2 6 l-6 2 z` });
    case "exchange":
      return svg("path", { ...common, d: `M${x} ${y + 2} h18 l-4 -4 M${x + 20} ${y + 10} h-18 l4 4` });
    case "bone_pile":
      return svg("path", { ...common, d: `M${x + 2} ${y + 10} l16 -8 M${x} ${y + 8} l2 2 l-1 2 M${x + 18} ${y} l2 2 l1 -2` });
    case "two":
      return svg("g", {}, svg("circle", { ...common, cx: x + 10, cy: y + 5, r: 8 }),
        svg("text", { x: x + 10, y: y + 9, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: ink }, "2"));
    default:
      return null;
  }
}

/** One tile drawn at (x, y) of an SVG: its colour, part word and glyph; a buried tile as hatched stone. */
function drawTile(tile, x, y, w = TILE_W, h = TILE_H) {
  const g = svg("g", { class: "tile", "data-tile": tile.tile, "data-colour": tile.colour || "", "data-part": tile.part || "" },
    svg("title", {}, tileWords(tile)));
  if (tile.part) {
    const [fillColour, ink] = COLOURS[tile.colour] || ["#ccc", "#000"];
    g.append(svg("rect", { x, y, width: w, height: h, rx: 6, fill: fillColour, stroke: "#222", "stroke-width": 1.5 }));
    g.append(glyph(tile, x + 6, y + h / 2 - 6, ink));
    const word = partWord(tile);
    const size = word.length > 7 ? 10.5 : 13; // "exchange", "bone pile" and "circled 2" still fit the tile
    g.append(svg("text", { x: x + 30, y: y + h / 2 - 3, fill: ink, "font-size": size, "font-weight": 700 }, word));
    g.append(svg("text", { x: x + 30, y: y + h / 2 + 12, fill: ink, "font-size": 11 }, tile.colour));
  } else {
    g.append(svg("rect", { x, y, width: w, height: h, rx: 6, fill: "url(#buried)", stroke: "#444", "stroke-width": 1.5 }));
    if (tile.colour) {
      const [fillColour, ink] = COLOURS[tile.colour] || ["#ccc", "#000"];
      g.append(svg("rect", { x: x + 4, y: y + 4, width: w - 8, height: 14, rx: 3, fill: fillColour, stroke: "#222" }));
      g.append(svg("text", { x: x + w / 2, y: y + 15, "text-anchor": "middle", fill: ink, "font-size": 10, "font-weight": 700 }, `${tile.colour} ribbon`));
      g.append(svg("text", { x: x + w / 2, y: y + h - 6, "text-anchor": "middle", fill: "#fff", "font-size": 10 }, "face down"));
    } else {
      g.append(svg("text", { x: x + w / 2, y: y + h / 2 + 4, "text-anchor": "middle", fill: "#fff", "font-size": 11 }, "buried"));
    }
  }
  return g;
}

function defs() {
  return svg("defs", {},
    svg("pattern", { id: "buried", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 8, height: 8, fill: "#5b5346" }),
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#776d5c", "stroke-width": 4 })));
}

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

function spotSvg(spot, actionsByTile, picked, ctx, info, tallest) {
  const tiles = spot.tiles || [];
  const baseH = spot.rocks || spot.ref === "base tile" ? 22 : 0;
  // As tall as the pile's tallest stack, so the stacks stand on one line without room to spare (a phone scrolls less).
  const height = Math.max(1, tallest, tiles.length) * (TILE_H + GAP) + baseH + 10;
  const width = TILE_W + 8;
  const art = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "stack", role: "group",
    "aria-label": `spot ${spot.spot}: ${tiles.length} tiles${spot.edge ? ", at the paper's edge" : ""}` }, defs());
  let y = height - 4;
  if (baseH) {
    y -= baseH;
    art.append(svg("rect", { x: 2, y, width: TILE_W + 4, height: baseH - 2, rx: 3, fill: "#d9cfb8", stroke: "#6b5d43" }));
    const rocks = spot.rocks || 0;
    for (let r = 0; r < rocks; r += 1) art.append(svg("circle", { cx: 11 + r * 10, cy: y + baseH / 2 - 1, r: 4, fill: "#8a8a8a", stroke: "#333" }));
    art.append(svg("text", { x: 10 + rocks * 10, y: y + baseH / 2 + 3, "font-size": 10, fill: "#333" }, `base, ${rocks} ${rocks === 1 ? "rock" : "rocks"}`));
  }
  for (const tile of tiles) {
    y -= TILE_H + GAP;
    const node = drawTile(tile, 6, y);
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
  const tallest = Math.max(0, ...(view.pile || []).map((spot) => (spot.tiles || []).length));
  for (const spot of view.pile || []) {
    const count = (spot.tiles || []).length;
    const figure = el("figure", { class: `spot${spot.edge ? " edge" : ""}`, "data-spot": spot.spot },
      spotSvg(spot, actionsByTile, picked, ctx, info, tallest),
      el("figcaption", {}, el("strong", {}, `Spot ${spot.spot}`), `${count} ${count === 1 ? "tile" : "tiles"} high`));
    (spot.edge ? edge : centre).append(figure);
  }
  return el("section", { class: "pile panel" },
    el("h3", {}, "The pile"),
    el("div", { class: "paper" }, el("p", { class: "zone" }, "On the paper"), centre),
    el("div", { class: "paper-edge" }, el("p", { class: "zone" }, "At the paper's edge"), edge));
}

function chip(tile, actionsByTile, picked, ctx, info) {
  const art = svg("svg", { viewBox: `0 0 ${TILE_W} ${TILE_H}`, width: TILE_W, height: TILE_H, class: "chip" });
  const node = drawTile(tile, 0, 0);
  art.append(node);
  const action = actionsByTile.get(tile.tile);
  if (action) makeActive(node, action, ctx, info);
  if (picked.has(tile.tile)) node.classList.add("picked");
  return art;
}

const PART_ORDER = [["head", "Heads"], ["tail", "Tails"], ["leg", "Legs"], ["event", "Events"]];

function playerPanel(player, state, actionsByTile, picked, ctx, info) {
  const view = state.view;
  const me = state.seat === player.seat;
  const name = ctx.seatName(player.seat);
  const toMove = state.to_move === player.seat && !state.over;
  const held = (view.missions || []).filter((m) => (m.owners || []).includes(player.seat)).map((m) => m.name);
  const head = el("h3", {}, seatBadge(player.seat, 22), `${name}${me ? " (you)" : ""}`, toMove ? el("span", { class: "badge" }, "to move") : null);
  const facts = el("p", { class: "facts" },
    el("span", { class: "bones" }, `${player.bones} ${player.bones === 1 ? "bone" : "bones"}`),
    ` · ${player.dinosaurs.length} ${player.dinosaurs.length === 1 ? "dinosaur" : "dinosaurs"} restored`,
    ` · missions: ${held.length ? held.join(", ") : "none"}`);
  const loose = el("div", { class: "loose" });
  for (const [part, title] of PART_ORDER) {
    const tiles = player.tiles.filter((t) => t.part === part).sort((a, b) => String(a.colour).localeCompare(String(b.colour)));
    loose.append(el("div", { class: "part-row" }, el("span", { class: "part-name" }, `${title} (${tiles.length})`),
      el("div", { class: "chips" }, tiles.map((t) => chip(t, actionsByTile, picked, ctx, info)))));
  }
  const hiddenTiles = player.tiles.filter((t) => !t.part);
  if (hiddenTiles.length) {
    loose.append(el("div", { class: "part-row" }, el("span", { class: "part-name" }, `Unseen (${hiddenTiles.length})`),
      el("div", { class: "chips" }, hiddenTiles.map((t) => chip(t, actionsByTile, picked, ctx, info)))));
  }
  const dinos = el("div", { class: "dinos" }, player.dinosaurs.length ? null : el("p", { class: "none" }, "No dinosaur restored yet."));
  for (const dino of player.dinosaurs) {
    dinos.append(el("div", { class: "dino" },
      el("span", { class: "dino-name" }, `${dino.ref}, ${dino.value} points${dino.exhibited ? ", on an exhibition tile" : ""}`),
      el("div", { class: "chips" }, dino.tiles.map((t) => chip(t, actionsByTile, picked, ctx, info)))));
  }
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
    return el("li", { class: `mission border-${mission.border}` },
      el("strong", {}, mission.name), el("span", { class: "points" }, ` ${mission.points} points`),
      el("p", {}, mission.text), el("p", { class: "who", "data-owners": (mission.owners || []).join(" ") }, who));
  });
  return el("section", { class: "missions panel" }, el("h3", {}, "Missions"), el("ul", {}, cards));
}

// What clicking does, by the decision's name (the names in decisions.py).
const HINTS = {
  excavate: "Click a tile in the pile to excavate it.",
  "exchange: give": "Click one of your loose tiles to give it away in the exchange.",
  "exchange: take": "Click another player's loose tile to take it for the one you give.",
  restore: "Click a head to start restoring a dinosaur, or end the turn.",
  "restore: tail": "Click a tail for the dinosaur.",
  "restore: leg": "Click a leg for the dinosaur.",
  "restore: second leg": "Click its second leg.",
};

function promptBar(state, actionsByTile, ctx) {
  const bar = el("div", { class: "prompt" });
  if (state.over) return bar;
  if (!state.legal.length) {
    bar.append(el("p", {}, state.seat === null ? (state.step === undefined ? "Watching." : "A replay: nothing to choose.") : `Waiting for ${ctx.seatName(state.to_move)}.`));
    return bar;
  }
  const decision = state.legal[0].info?.decision || "";
  const tileHint = actionsByTile.size ? HINTS[decision] || "Click a highlighted tile." : "Choose below.";
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
    ? `Point at a tile (or read the list of choices) to see what clicking it does${digging ? " and its chance to succeed" : ""}.` : "");
  const summary = el("p", { class: "summary" },
    `Round ${view.round}${view.final_round ? " (the last)" : ""} · dinosaurs restored ${view.dinosaurs_restored},`
    + ` exhibition tiles left ${view.exhibition_tiles_left} · bone supply ${view.bone_supply}`);
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
    el("p", {}, `${outcome.dinosaurs_restored} dinosaurs restored in ${outcome.rounds} rounds.`),
    extra.map(([key, value]) => el("p", {}, `${key.replace(/_/g, " ")}: ${words(value)}`)));
}
