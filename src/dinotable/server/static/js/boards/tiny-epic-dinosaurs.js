// Tiny Epic Dinosaurs on a board: the four Action Boards A-D with who stands where and with what strength, the
// Round Board, the Contract and Research rows, the supply and the Hunting Die; each Farm as a grid with its
// symbols, water and mountain edges, dotted lines, Barriers, Enclosures and dinosaurs; each player's tracks,
// Containment Zone, Medical Leave and cards. Every element a legal action names (info.action_space, info.edge,
// info.cell, info.research, info.contract) is a button carrying data-action; every decision stays in the list.
import { actionButton, el, svg, clickable, words } from "../dom.js";
import { seatBadge, seatColour, seatTag } from "../seats.js";

// The Farm pictures of the game's content (content.toml, [[farm]]): "+" corners, P/M/S/- spaces (plant, meat,
// supply, nothing), and edges "." dotted (a Barrier may go there), "~" water, "^" mountain. The view names only
// the Farm, so its drawing is here; tests/web/test_tiny_epic_dinosaurs_board.py checks they match the content.
// The Round Board (content numbers: 6 rounds, the fourth Dinofarmer arrives in round 4; 0-13 on a track).
const ROUNDS = 6;
const NEW_DINOFARMER_ROUND = 4;
const TRACK_MAX = 13;
// Species by key: colour (the published meeple colours, in a colour-blind-safe shade), the ink on it, letter.
const SPECIES = {
  stegosaurus: { fill: "#f0e442", ink: "#000", letter: "St", diet: "herbivore" },
  brachiosaurus: { fill: "#56b4e9", ink: "#000", letter: "Br", diet: "herbivore" },
  velociraptor: { fill: "#009e73", ink: "#fff", letter: "Ve", diet: "carnivore" },
  allosaurus: { fill: "#d55e00", ink: "#fff", letter: "Al", diet: "carnivore" },
};
const SYMBOL = { P: ["plant", "#2f7d32"], M: ["meat", "#9c2a2a"], S: ["supply", "#6b4f2a"] };
const RESOURCES = ["plant", "meat", "supply"];
// The rulebook's seven phases of a round, and the phase each decision (the view's "phase") belongs to.
const PHASES = ["Collect Resources", "Allocate Dinofarmers", "Retrieve Dinofarmers", "Adapt the Farm", "Feed Dinosaurs", "Breeding", "Prepare for Next Round"];
const PHASE_OF = {
  "Allocate Dinofarmers": 1, "choose on the action space": 1, "Adapt the Farm": 3, "Feed Dinosaurs": 4,
  "Breeding: placing newly hatched dinosaurs": 5,
};
const CELL = 80;
const PAD = 14;

function cellName(cell, cols) {
  return `${"ABCDEFGH"[cell % cols]}${Math.floor(cell / cols) + 1}`;
}

/** A Farm picture read as the game reads it: spaces' symbols, and the edges in the same order and names. */
export function readFarm(picture) {
  const rows = (picture.length - 1) / 2;
  const cols = (picture[0].length - 1) / 2;
  const symbols = [];
  const edges = [];
  picture.forEach((line, y) => [...line].forEach((ch, x) => {
    if (y % 2 === 0 && x % 2 === 0) return;
    if (y % 2 === 1 && x % 2 === 1) {
      symbols.push(ch);
      return;
    }
    let a;
    let b;
    let name;
    if (y % 2 === 0) {
      a = y > 0 ? (y / 2 - 1) * cols + (x - 1) / 2 : -1;
      b = y / 2 < rows ? (y / 2) * cols + (x - 1) / 2 : -1;
      name = a < 0 ? `${cellName(b, cols)} top` : b < 0 ? `${cellName(a, cols)} bottom` : `${cellName(a, cols)}|${cellName(b, cols)}`;
    } else {
      a = x > 0 ? ((y - 1) / 2) * cols + x / 2 - 1 : -1;
      b = x / 2 < cols ? ((y - 1) / 2) * cols + x / 2 : -1;
      name = a < 0 ? `${cellName(b, cols)} left` : b < 0 ? `${cellName(a, cols)} right` : `${cellName(a, cols)}|${cellName(b, cols)}`;
    }
    const kind = { ".": "dotted", "~": "water", "^": "mountain" }[ch];
    edges.push({ name, kind, cells: [a, b].filter((c) => c >= 0), horizontal: y % 2 === 0, x, y });
  }));
  return { rows, cols, symbols, edges };
}

function seatOfHolder(state, holder) {
  const entry = (state.seats || []).find((s) => String(s.name).toLowerCase() === String(holder).toLowerCase());
  if (entry) return entry.seat;
  const match = /^player (\d+)$/i.exec(holder);
  return match ? Number(match[1]) - 1 : null;
}

function holderTag(state, holder, ctx) {
  const seat = seatOfHolder(state, holder);
  return seat === null ? el("span", { class: "rival-tag" }, "R ", holder) : seatTag(seat, ctx.seatName(seat));
}

// ---------------------------------------------------------------------------------------------- the table
/** The strength a placement enters with: the Foreman counts 2 (rulebook), and says so. */
function entryWords(info) {
  const farmers = info.dinofarmers ? `${info.dinofarmers} ${info.dinofarmers === 1 ? "Dinofarmer" : "Dinofarmers"}` : "";
  const strength = info.dinofarmers + (info.foreman ? 2 : 0);
  return `${[info.foreman ? "Foreman" : "", farmers].filter(Boolean).join(" + ")}, strength ${strength}`;
}

function actionBoards(state, actions, ctx) {
  const boards = new Map();
  for (const space of state.view.action_spaces || []) {
    if (!boards.has(space.board)) boards.set(space.board, []);
    boards.get(space.board).push(space);
  }
  const places = actions.filter((a) => a.info?.kind === "place");
  const chosen = actions.filter((a) => a.info?.action_space && a.info.kind !== "place");
  return el("section", { class: "panel ted-boards" }, el("h3", {}, "Action Boards"),
    el("div", { class: "ted-board-row" }, [...boards.keys()].sort().map((board) => el("div", { class: "ted-board", "data-board": board },
      el("h4", {}, `Board ${board}`),
      el("ul", {}, boards.get(board).map((space) => {
        const here = places.filter((a) => a.info.action_space === space.id);
        const occupants = Object.entries(space.occupants || {});
        const entry = Math.min(...here.map((a) => a.info.dinofarmers + (a.info.foreman ? 2 : 0)));
        const deciding = chosen.filter((a) => a.info.action_space === space.id);
        return el("li", { class: `ted-space${here.length ? " open" : ""}${deciding.length ? " deciding" : ""}`, "data-space": space.id },
          el("strong", {}, space.name),
          el("p", { class: "does" }, space.cost ? `pay ${space.cost}: ${space.does}` : space.does),
          el("p", { class: "who" }, occupants.length
            ? occupants.map(([holder, n]) => el("span", { class: "occupant" }, holderTag(state, holder, ctx),
              // The Foreman counts 2 of its holder's strength (rulebook), and shows so.
              (space.foreman || []).includes(holder) ? ` strength ${n} (Foreman 2${n > 2 ? ` + ${n - 2} Dinofarmer${n > 3 ? "s" : ""}` : ""})` : ` strength ${n}`))
            : el("span", { class: "none" }, "free")),
          here.length ? el("p", { class: "need" }, `Place with strength ${entry} or more:`) : null,
          here.map((a) => actionButton(a, ctx, entryWords(a.info))),
          // The choice made on the space just taken (a species, a trade): here, and in the list.
          deciding.filter((a) => a.info.research === undefined && a.info.contract === undefined).map((a) => actionButton(a, ctx, a.text)));
      }))))));
}

function roundBoard(view) {
  const track = [];
  for (let r = 1; r <= ROUNDS; r += 1) {
    track.push(el("li", { class: `${r === view.round ? "now" : ""}${r < view.round ? " past" : ""}`, "aria-current": r === view.round ? "step" : undefined },
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

function cardRow(title, cards, actions, key, terms, ctx, extra) {
  return el("section", { class: "panel ted-cards", "data-key": key }, el("h3", {}, title),
    el("ul", {}, cards.map((card) => {
      const mine = actions.filter((a) => a.info?.[key] === card.name);
      return el("li", { class: `ted-card${mine.length ? " open" : ""}` }, el("strong", {}, card.name), el("p", {}, card[terms] || ""),
        mine.map((a) => actionButton(a, ctx, key === "research" ? "Buy it" : "Take it")));
    }), cards.length ? null : el("li", { class: "none" }, "none")),
    el("p", { class: "facts" }, extra));
}

function supplyPanel(view, state, ctx) {
  const die = view.hunting_die;
  return el("section", { class: "panel ted-supply" }, el("h3", {}, "Supply"),
    el("ul", { class: "counts" }, (view.species || []).map((sp) => el("li", {}, speciesChip(sp.key, sp.name), ` ${sp.name} ${view.supply?.[sp.key] ?? 0}`)),
      el("li", {}, `Barriers ${view.barrier_supply}`)),
    el("p", { class: "die" }, el("strong", {}, "Hunting Die: "), die
      ? [holderTag(state, die.who, ctx), ` rolled ${die.face} hunting a ${die.species.name}`]
      : "not rolled yet"));
}

function speciesChip(key, name, unique = false) {
  const sp = SPECIES[key] || { fill: "#fff", ink: "#000", letter: name.slice(0, 2) };
  return el("span", { class: `sp-chip${unique ? " unique" : ""}`, style: `background:${unique ? "#fff" : sp.fill};color:${unique ? "#000" : sp.ink}` },
    unique ? `★${name.slice(0, 2)}` : sp.letter);
}

// ---------------------------------------------------------------------------------------------- a Farm
function symbolMark(ch, x, y) {
  const entry = SYMBOL[ch];
  if (!entry) return null;
  const [word, colour] = entry;
  const shape = ch === "P" ? svg("path", { d: `M${x} ${y + 6} q-6 -10 0 -14 q6 4 0 14 z`, fill: colour })
    : ch === "M" ? svg("ellipse", { cx: x, cy: y, rx: 6, ry: 4, fill: colour })
      : svg("rect", { x: x - 5, y: y - 5, width: 10, height: 10, fill: "none", stroke: colour, "stroke-width": 2 });
  return svg("g", { class: "symbol" }, shape, svg("text", { x: x + 9, y: y + 4, "font-size": 10, fill: colour }, word));
}

function dinoMark(space, x, y, speciesByName, fed) {
  const key = speciesByName.get(space.name);
  const sp = SPECIES[key];
  const unique = !sp;
  const g = svg("g", { class: `dino${unique ? " unique" : ""}`, "data-dinosaur": space.name },
    svg("title", {}, `${space.name}${unique ? ", a Unique Dinosaur" : ""}${fed ? ", fed" : ""}`));
  g.append(svg(unique ? "rect" : "circle", unique
    ? { x: x - 15, y: y - 15, width: 30, height: 30, rx: 4, fill: "#fff", stroke: "#222", "stroke-width": 2.5 }
    : { cx: x, cy: y, r: 15, fill: sp.fill, stroke: "#222", "stroke-width": 1.5 }));
  g.append(svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: unique ? "#000" : sp.ink },
    unique ? `★${space.name.slice(0, 2)}` : sp.letter));
  if (fed) g.append(svg("text", { x: x + 14, y: y - 10, "font-size": 10, "font-weight": 700, fill: "#2f7d32" }, "fed"));
  return g;
}

/** The Enclosures in words, as the view gives them: "Enclosure 1: A3, B3 (2 spaces)". */
function enclosureWords(player) {
  const closed = player.enclosures || [];
  return closed.length ? closed.map((cells, i) => `Enclosure ${i + 1}: ${cells.join(", ")} (${cells.length} ${cells.length === 1 ? "space" : "spaces"})`).join("; ") : "none";
}

function farmSvg(player, seat, state, actions, ctx) {
  // The Farm board as the content draws it (the view sends its picture).
  const farm = readFarm(player.farm_picture);
  const fence = new Set(player.fence || []);
  const fed = new Set(player.fed || []);
  const speciesByName = new Map((state.view.species || []).map((sp) => [sp.name, sp.key]));
  const width = farm.cols * CELL + 2 * PAD;
  const height = farm.rows * CELL + 2 * PAD;
  const art = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "ted-farm", role: "group",
    "aria-label": `${player.farm} Farm of ${ctx.seatName(seat)}` });
  const at = (cell) => [PAD + (cell % farm.cols) * CELL, PAD + Math.floor(cell / farm.cols) * CELL];
  const cellOf = new Map(farm.symbols.map((_, cell) => [cellName(cell, farm.cols), cell]));
  const enclosureOf = new Map();
  (player.enclosures || []).forEach((cells, i) => cells.forEach((name) => enclosureOf.set(cellOf.get(name), i)));
  // Spaces: terrain, Enclosure tint, symbol, name.
  farm.symbols.forEach((ch, cell) => {
    const [x, y] = at(cell);
    const inside = enclosureOf.has(cell);
    art.append(svg("rect", { x, y, width: CELL, height: CELL, fill: inside ? "#e8dfa8" : "#c9e2b3", class: `cell${inside ? " enclosed" : ""}`, "data-cell": cellName(cell, farm.cols) }));
    art.append(svg("text", { x: x + CELL - 4, y: y + 11, "text-anchor": "end", "font-size": 9, fill: "#555" }, cellName(cell, farm.cols)));
    art.append(symbolMark(ch, x + 10, y + 12));
  });
  (player.enclosures || []).forEach((cells, i) => {
    const [x, y] = at(Math.max(...cells.map((name) => cellOf.get(name))));
    art.append(svg("text", { x: x + CELL / 2, y: y + CELL - 5, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#6b5d10", class: "enclosure-label" },
      `Enclosure ${i + 1}`));
  });
  // Edges: water, mountains, dotted lines, Barriers; an edge a legal action names is a button.
  const byEdge = new Map(actions.filter((a) => a.info?.edge).map((a) => [a.info.edge, a]));
  for (const edge of farm.edges) {
    const x = PAD + (edge.horizontal ? ((edge.x - 1) / 2) * CELL : (edge.x / 2) * CELL);
    const y = PAD + (edge.horizontal ? (edge.y / 2) * CELL : ((edge.y - 1) / 2) * CELL);
    const [x2, y2] = edge.horizontal ? [x + CELL, y] : [x, y + CELL];
    const barrier = fence.has(edge.name);
    const style = barrier ? { stroke: "#5a3210", "stroke-width": 7, "stroke-linecap": "round" }
      : edge.kind === "water" ? { stroke: "#8ecae6", "stroke-width": 8 }
        : edge.kind === "mountain" ? { stroke: "#8d8d8d", "stroke-width": 4 }
          : { stroke: "#6c6454", "stroke-width": 1.5, "stroke-dasharray": "2 4" };
    const g = svg("g", { class: `edge edge-${barrier ? "barrier" : edge.kind}`, "data-edge": edge.name },
      svg("title", {}, `${edge.name}: ${barrier ? "a Barrier" : edge.kind === "dotted" ? "a dotted line" : edge.kind}`),
      svg("line", { x1: x, y1: y, x2, y2, ...style }));
    if (edge.kind === "mountain" && !barrier) {
      for (const t of [0.2, 0.5, 0.8]) {
        const [mx, my] = [x + (x2 - x) * t, y + (y2 - y) * t];
        g.append(svg("path", { d: `M${mx - 7} ${my + 6} l7 -12 l7 12 z`, fill: "#9a9a9a", stroke: "#444" }));
      }
    }
    if (edge.kind === "water" && !barrier) { // ripples, so water never reads as a clickable dotted line
      g.append(svg("line", { x1: x, y1: y, x2, y2, stroke: "#1f5f8b", "stroke-width": 1.5, "stroke-dasharray": "4 4" }));
    }
    if (barrier) { // a rail between posts, so a Barrier never reads as a mountain or water
      g.append(svg("line", { x1: x, y1: y, x2, y2, stroke: "#f2d9a6", "stroke-width": 1.5, "stroke-dasharray": "6 6" }));
      for (const t of [0.1, 0.5, 0.9]) g.append(svg("circle", { cx: x + (x2 - x) * t, cy: y + (y2 - y) * t, r: 4.5, fill: "#5a3210" }));
    }
    const action = byEdge.get(edge.name);
    if (action) {
      const hit = svg("rect", edge.horizontal ? { x: x + 6, y: y - 8, width: CELL - 12, height: 16 } : { x: x - 8, y: y + 6, width: 16, height: CELL - 12 });
      hit.setAttribute("class", "hit");
      g.classList.add("active");
      g.setAttribute("data-action", action.id);
      g.prepend(hit);
      clickable(g, action.text, () => ctx.act(action.id));
      g.querySelector("title").textContent = action.text;
    }
    art.append(g);
  }
  // Dinosaurs, and the spaces a waiting or lifted dinosaur may go to.
  const byCell = new Map();
  const puts = new Map();
  for (const a of actions) {
    if (!a.info?.cell) continue;
    if (a.info.kind === "put" || a.info.kind === "put_unique") puts.set(a.info.cell, [...(puts.get(a.info.cell) || []), a]);
    else byCell.set(a.info.cell, a);
  }
  (player.spaces || []).forEach((space, cell) => {
    const name = cellName(cell, farm.cols);
    const [x, y] = at(cell);
    if (space) {
      const mark = dinoMark(space, x + CELL / 2, y + CELL / 2 + 4, speciesByName, fed.has(name));
      const action = byCell.get(name);
      if (action) {
        mark.classList.add("active");
        mark.setAttribute("data-action", action.id);
        clickable(mark, action.text, () => ctx.act(action.id));
      }
      art.append(mark);
    } else if (byCell.has(name)) {
      const action = byCell.get(name);
      const g = svg("g", { class: "target active", "data-action": action.id }, svg("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 6 }));
      clickable(g, action.text, () => ctx.act(action.id));
      art.append(g);
    }
    (puts.get(name) || []).forEach((action, i, all) => {
      const letter = action.info.unique ? `★${action.info.unique.slice(0, 2)}` : SPECIES[action.info.species]?.letter || "?";
      const w = (CELL - 8) / all.length;
      const g = svg("g", { class: "target active", "data-action": action.id, "data-cell": name },
        svg("rect", { x: x + 4 + i * w, y: y + 4, width: w - 2, height: CELL - 8, rx: 6 }),
        svg("text", { x: x + 4 + i * w + w / 2 - 1, y: y + CELL / 2 + 8, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#0b5c8a" }, `+${letter}`));
      clickable(g, action.text, () => ctx.act(action.id));
      art.append(g);
    });
  });
  return art;
}

/** What the Farm's lines mean, drawn as on the Farm (no colour alone: each has its own shape). */
function legend(clickable) {
  const sample = (...parts) => svg("svg", { width: 30, height: 12, "aria-hidden": "true" }, ...parts);
  const items = [
    [sample(svg("line", { x1: 1, y1: 6, x2: 29, y2: 6, stroke: "#6c6454", "stroke-width": 1.5, "stroke-dasharray": "2 4" })), "dotted line"],
    [sample(svg("line", { x1: 1, y1: 6, x2: 29, y2: 6, stroke: "#5a3210", "stroke-width": 6 }), svg("circle", { cx: 15, cy: 6, r: 4, fill: "#5a3210" })), "Barrier"],
    [sample(svg("line", { x1: 1, y1: 6, x2: 29, y2: 6, stroke: "#8ecae6", "stroke-width": 7 }), svg("line", { x1: 1, y1: 6, x2: 29, y2: 6, stroke: "#1f5f8b", "stroke-width": 1.5, "stroke-dasharray": "4 4" })), "water"],
    [sample(svg("path", { d: "M8 11 l7 -10 l7 10 z", fill: "#9a9a9a", stroke: "#444" })), "mountain"],
    [sample(svg("rect", { x: 1, y: 1, width: 28, height: 10, fill: "#e8dfa8", stroke: "#6b5d10" })), "Enclosure"],
  ];
  if (clickable) items.push([sample(svg("line", { x1: 1, y1: 6, x2: 29, y2: 6, stroke: "#0b5c8a", "stroke-width": 4, "stroke-dasharray": "7 4" })), "you may click it"]);
  return el("ul", { class: "ted-legend" }, items.map(([art, word]) => el("li", {}, art, word)));
}

function track(resource, value) {
  const boxes = [];
  for (let i = 0; i <= TRACK_MAX; i += 1) boxes.push(el("span", { class: `box${i === value ? " at" : ""}` }, i === value ? String(i) : ""));
  return el("div", { class: `ted-res res-${resource}`, role: "img", "aria-label": `${resource}: ${value} of ${TRACK_MAX}` },
    el("span", { class: "res-name" }, `${resource[0].toUpperCase()}${resource.slice(1)} ${value}`), el("span", { class: "res-track" }, boxes));
}

function counted(view, counts) {
  const items = (view.species || []).filter((sp) => counts?.[sp.key]).map((sp) => el("li", {}, speciesChip(sp.key, sp.name), ` ${sp.name} ${counts[sp.key]}`));
  return items.length ? el("ul", { class: "counts" }, items) : el("span", { class: "none" }, "none");
}

function names(list) {
  return Array.isArray(list) && list.length ? list.map((c) => c.name).join(", ") : "none";
}

function contracts(list) {
  if (typeof list === "number") return el("span", {}, list ? `${list} face down` : "none");
  if (!list.length) return el("span", { class: "none" }, "none");
  return el("ul", { class: "ted-held" }, list.map((c) => el("li", {}, el("strong", {}, c.name), `: ${c.needs}`)));
}

function playerPanel(player, seat, state, actions, ctx) {
  const view = state.view;
  const me = state.seat === seat;
  const toMove = !state.over && state.to_move === seat;
  const farmers = `${player.dinofarmers} ${player.dinofarmers === 1 ? "Dinofarmer" : "Dinofarmers"}${player.foreman ? " and the Foreman" : ""} to place`;
  const row = (title, value) => el("div", { class: "fact" }, el("dt", {}, title), el("dd", {}, value));
  return el("section", { class: `panel player-panel ted-player${me ? " me" : ""}${toMove ? " to-move" : ""}`, "data-seat": seat,
    style: `border-left: 8px solid ${seatColour(seat)}` },
  el("h3", {}, seatBadge(seat, 22), `${ctx.seatName(seat)}${me ? " (you)" : ""}`, ` · ${player.farm} Farm · ${player.score} VP`,
    view.first_player === seat ? el("span", { class: "badge first" }, "First Player") : null, toMove ? el("span", { class: "badge" }, "to move") : null),
  el("div", { class: "ted-farm-row" }, el("div", {}, farmSvg(player, seat, state, me ? actions : [], ctx), legend(me && actions.some((a) => a.info?.edge))),
    el("div", { class: "ted-tracks" }, RESOURCES.map((r) => track(r, player.resources?.[r] ?? 0)),
      el("p", { class: "facts" }, `${player.barriers} ${player.barriers === 1 ? "Barrier" : "Barriers"} in hand · ${farmers}`))),
  el("dl", { class: "view-dl" },
    row("Enclosures", enclosureWords(player)),
    row("Containment Zone", [counted(view, player.containment), (player.containment_unique || []).length ? ` and ${names(player.containment_unique)}` : null]),
    row("Medical Leave", counted(view, player.medical_leave)),
    Object.values(player.newborns || {}).some(Boolean) ? row("Newborns", counted(view, player.newborns)) : null,
    row("Research", names(player.research)),
    row("Contracts fulfilled", names(player.fulfilled)),
    row("Private Contract", contracts(player.private)),
    (Array.isArray(player.dealt) ? player.dealt.length : player.dealt) ? row("Private Contracts dealt", contracts(player.dealt)) : null,
    player.penalties ? row("Penalties", String(player.penalties)) : null));
}

function rivalPanel(rival, state, ctx) {
  return el("section", { class: "panel ted-rival", "data-key": "rival" },
    el("h3", {}, el("span", { class: "rival-tag" }, "R"), ` ${rival.name} · ${rival.score} VP`),
    el("dl", { class: "view-dl" },
      el("div", { class: "fact" }, el("dt", {}, "Columns"), el("dd", {}, counted(state.view, rival.columns))),
      el("div", { class: "fact" }, el("dt", {}, "Resources"), el("dd", {}, RESOURCES.map((r) => `${r} ${rival.resources?.[r] ?? 0}`).join(", "))),
      el("div", { class: "fact" }, el("dt", {}, "Contracts"), el("dd", {}, names(rival.contracts))),
      el("div", { class: "fact" }, el("dt", {}, "Research"), el("dd", {}, names(rival.research))),
      el("div", { class: "fact" }, el("dt", {}, "Played this round"), el("dd", {}, names(rival.played))),
      el("div", { class: "fact" }, el("dt", {}, "Cards left"), el("dd", {}, String(rival.cards_left)))),
    el("details", {}, el("summary", {}, "How the Rival plays"), el("p", {}, rival.rules)));
}

// ---------------------------------------------------------------------------------------------- the page
const HINTS = {
  "Allocate Dinofarmers": "Click a button on an action space to place Dinofarmers or the Foreman there.",
  "Adapt the Farm": "Click a dotted line to place a Barrier, a dinosaur to lift it, or a highlighted space to put one there.",
  "Dinosaur Escape": "Click the Barrier or the dinosaur the choice names, or choose below.",
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
  const dealtContracts = actions.filter((a) => a.info?.kind === "contract" && a.info.decision?.includes("Private"));
  const board = el("div", { class: "ted" },
    dealtContracts.length ? el("section", { class: "panel ted-cards" }, el("h3", {}, "Private Contracts dealt to you"),
      el("ul", {}, dealtContracts.map((a) => el("li", { class: "ted-card open" }, a.text.replace(/^Keep Private Contract /, ""), " ", actionButton(a, ctx, "Keep it"))))) : null,
    el("div", { class: "ted-table" },
      actionBoards(state, actions, ctx),
      roundBoard(view),
      supplyPanel(view, state, ctx),
      cardRow("Contracts", view.public_contracts || [], dealtContracts.length ? [] : actions, "contract", "needs", ctx,
        `Public deck ${view.public_deck} · Private deck ${view.private_deck}`),
      cardRow("Research", view.research_row || [], actions, "research", "terms", ctx,
        `Deck ${view.research_deck} · discarded ${(view.research_discard || []).length}`)),
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
